import { Button } from './button';
import type { ButtonProps } from './button';

interface CancelConfirmActionsProps extends Omit<ButtonProps, 'variant' | 'disabled'> {
  /** True while the confirmed work runs: both buttons wait for it. */
  busy: boolean;
  onCancel(): void;
}

/** A modal's actions: Cancel, then the primary button that confirms, which takes the other props and the label. */
export function CancelConfirmActions({ busy, onCancel, ...confirm }: CancelConfirmActionsProps) {
  return (
    <>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button {...confirm} variant="primary" disabled={busy} />
    </>
  );
}
