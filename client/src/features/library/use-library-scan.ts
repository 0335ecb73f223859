import { useEffect, useRef, useState } from 'react';
import { showToast } from '../../components/ui/toast-store';
import { useScanProgressQuery, useStartScanMutation } from './library-api';
import type { ScanProgress } from '../../../../contract/scan-progress';
import { SCAN_POLL_MS, scanJustFinished, scanSummaryText } from './scan-progress-text';

const assumedRunning: ScanProgress = { isScanning: true, currentSong: null, currentIndex: 0, totalSongs: 0, stage: 'scanning' };

/** Starts the scan and polls it every 500 ms (spec 000, 4), then `onFinished` and 'Library Updated'; a scan already running is followed too. */
export function useLibraryScan(onFinished: () => void) {
  const [startScan, startState] = useStartScanMutation();
  // Each scan polls under its own cache key (reading `currentData`), so a finished scan is never mistaken for the new one.
  const [run, setRun] = useState(0);
  const previous = useRef<ScanProgress | undefined>(undefined);
  const [pollingInterval, setPollingInterval] = useState(SCAN_POLL_MS);
  const { currentData: progress, isError: progressFailed } = useScanProgressQuery(run, { pollingInterval });
  // Polling stops once this key's answer says no scan runs, or the progress cannot be read (no retry).
  const following = !progressFailed && progress?.isScanning !== false;
  if (pollingInterval !== (following ? SCAN_POLL_MS : 0)) setPollingInterval(following ? SCAN_POLL_MS : 0);

  useEffect(() => {
    if (!progress) return;
    if (scanJustFinished(previous.current, progress)) {
      onFinished();
      showToast({ title: 'Library Updated', description: scanSummaryText(progress) });
    }
    previous.current = progress;
  }, [progress, onFinished]);

  async function start() {
    try {
      await startScan().unwrap();
    } catch (error) {
      // 409: a scan is already running (another tab, the start-up scan): follow that one instead.
      if ((error as { status?: unknown }).status !== 409) {
        showToast({ title: 'Scan Failed', description: 'Failed to scan songs directory', variant: 'destructive' });
        return;
      }
    }
    // The start answer already said a scan runs, so a scan quicker than one poll still counts as finishing.
    previous.current = assumedRunning;
    setRun((current) => current + 1);
  }

  // Before a started scan's first answer the modal already shows; on opening, only a running scan shows it.
  const scanning = startState.isLoading || (following && (progress?.isScanning === true || (run > 0 && progress === undefined)));
  return { start, scanning, progress: scanning ? progress : undefined };
}
