import { Button } from '../../../components/ui/button';
import { shortcutsHelp } from './shortcuts-help';

/** The player header's way to the shortcuts help (also `?`). */
export function ShortcutsButton() {
  return (
    <Button aria-haspopup="dialog" onClick={shortcutsHelp.open}>
      SHORTCUTS
    </Button>
  );
}
