import { useEffect, useRef, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { showToast } from '../../components/ui/toast-store';
import { libraryApi, useScanProgressQuery, useStartScanMutation } from './library-api';
import type { ScanProgress } from './library-song';
import { SCAN_POLL_MS, scanJustFinished, scanSummaryText } from './scan-progress-text';

const assumedRunning: ScanProgress = { isScanning: true, currentSong: null, currentIndex: 0, totalSongs: 0, stage: 'scanning' };

/**
 * The library scan: start it, poll its progress every 500 ms while it runs (spec 000, section 4),
 * then refetch the songs and toast 'Library Updated'. On opening, the progress is read once, so a
 * scan already running (the first start's, another tab's) is followed the same way.
 */
export function useLibraryScan() {
  const dispatch = useAppDispatch();
  const [startScan, startState] = useStartScanMutation();
  // Each scan polls under its own cache key, so a finished scan's answer is never mistaken for the new one.
  const [run, setRun] = useState(0);
  const [following, setFollowing] = useState(true);
  const previous = useRef<ScanProgress | undefined>(undefined);
  const { data: progress } = useScanProgressQuery(run, { pollingInterval: following ? SCAN_POLL_MS : 0 });

  useEffect(() => {
    if (!progress || !following) return;
    if (scanJustFinished(previous.current, progress)) {
      dispatch(libraryApi.util.invalidateTags(['Songs']));
      showToast({ title: 'Library Updated', description: scanSummaryText(progress) });
    }
    if (!progress.isScanning) setFollowing(false);
    previous.current = progress;
  }, [progress, following, dispatch]);

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
    setFollowing(true);
    setRun((current) => current + 1);
  }

  const awaitingNewScan = run > 0 && following && progress === undefined;
  const scanning = startState.isLoading || awaitingNewScan || (following && progress?.isScanning === true);
  return { start, scanning, progress: scanning ? progress : undefined };
}
