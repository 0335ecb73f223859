import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { showToast } from '../../components/ui/toast-store';
import { libraryApi, useScanProgressQuery, useStartScanMutation } from './library-api';
import type { ScanProgress } from './library-song';
import { SCAN_POLL_MS, scanJustFinished, scanSummaryText } from './scan-progress-text';

const assumedRunning: ScanProgress = { isScanning: true, currentSong: null, currentIndex: 0, totalSongs: 0, stage: 'scanning' };

/** The library scan: start it, poll its progress every 500 ms while it runs, refetch and toast when done. */
export function useLibraryScan() {
  const dispatch = useAppDispatch();
  const [startScan, startState] = useStartScanMutation();
  // Each scan polls under its own cache key, so a finished scan's answer is never mistaken for the new one.
  const [run, setRun] = useState<number | null>(null);
  const previous = useRef<ScanProgress | undefined>(undefined);
  const [finished, setFinished] = useState(false);
  const { data: progress } = useScanProgressQuery(run ?? 0, {
    skip: run === null,
    pollingInterval: run !== null && !finished ? SCAN_POLL_MS : 0,
  });

  useEffect(() => {
    if (!progress || finished) return;
    // The start answer already said a scan runs, so a scan quicker than one poll still counts as finishing.
    if (scanJustFinished(previous.current, progress)) {
      setFinished(true);
      dispatch(libraryApi.util.invalidateTags(['Songs']));
      showToast({ title: 'Library Updated', description: scanSummaryText(progress) });
    }
    previous.current = progress;
  }, [progress, finished, dispatch]);

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
    previous.current = assumedRunning;
    setFinished(false);
    setRun((current) => (current ?? 0) + 1);
  }

  const scanning = startState.isLoading || (run !== null && !finished);
  return { start, scanning, progress: scanning ? progress : undefined };
}
