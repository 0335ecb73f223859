import { useState } from 'react';
import { Button } from '../../components/ui/button';
import type { ExportAction, ExportMixSource } from '../../lib/export/export-mix-source';
import { ExportDialog } from './export-dialog';

/** The player header's EXPORT MIX button: opens the dialog on the mix as it is at the click. */
export function ExportMixButton({ currentMix }: { currentMix: () => ExportMixSource }) {
  const [source, setSource] = useState<ExportMixSource | null>(null);
  return (
    <>
      <Button onClick={() => setSource(currentMix())}>EXPORT MIX</Button>
      {source ? <ExportDialog source={source} onClose={() => setSource(null)} /> : null}
    </>
  );
}

/** What the app layer hands the player (features do not import each other). */
export const exportMixAction: ExportAction = (currentMix) => <ExportMixButton currentMix={currentMix} />;
