import { useNavigate } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { paths } from '../../lib/routes/paths';

export function WelcomeToProDialog({ onClose }: { onClose(): void }) {
  const navigate = useNavigate();
  return (
    <ModalDialog
      title="Welcome to Pro!"
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>View Membership Details</Button>
          <Button variant="primary" onClick={() => void navigate(paths.home)}>
            Start Jamming!
          </Button>
        </>
      }
    >
      <p>Your Pro membership is active. Enjoy unlimited streaming, custom presets for every song, priority support and early access to new features.</p>
    </ModalDialog>
  );
}
