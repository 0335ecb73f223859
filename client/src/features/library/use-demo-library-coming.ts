import { useEffect, useRef, useState } from 'react';
import { useDemoLibraryProgressQuery } from './library-api';
import type { ScanProgress } from '../../../../contract/scan-progress';

/** How often an empty library asks whether the demo library is still being made (it takes minutes). */
export const DEMO_LIBRARY_POLL_MS = 3_000;

/** Whether the demo library is being made or, once seen being made, being scanned in. */
export function demoLibraryComing(progress: ScanProgress | undefined, seenPreparing: boolean): boolean {
  if (!progress) return false;
  return progress.preparingDemoLibrary === true || (seenPreparing && progress.isScanning);
}

export function useDemoLibraryComing(libraryEmpty: boolean, onArrived: () => void): boolean {
  const [seenPreparing, setSeenPreparing] = useState(false);
  const [pollingInterval, setPollingInterval] = useState(DEMO_LIBRARY_POLL_MS);
  const { currentData: progress, isError } = useDemoLibraryProgressQuery(undefined, { skip: !libraryEmpty, pollingInterval });
  if (progress?.preparingDemoLibrary === true && !seenPreparing) setSeenPreparing(true);
  const coming = libraryEmpty && demoLibraryComing(progress, seenPreparing || progress?.preparingDemoLibrary === true);
  // Asked once; again only while songs are coming (an empty library that stays empty is not polled).
  const polling = libraryEmpty && !isError && (progress === undefined || coming);
  if (pollingInterval !== (polling ? DEMO_LIBRARY_POLL_MS : 0)) setPollingInterval(polling ? DEMO_LIBRARY_POLL_MS : 0);

  const wasComing = useRef(false);
  useEffect(() => {
    if (wasComing.current && !coming) onArrived();
    wasComing.current = coming;
  }, [coming, onArrived]);
  return coming;
}
