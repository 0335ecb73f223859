import { useSyncExternalStore } from 'react';
import { canvasScale } from './canvas-scale';

function subscribeToResize(onResize: () => void): () => void {
  window.addEventListener('resize', onResize);
  return () => window.removeEventListener('resize', onResize);
}

function currentScale(): number {
  return canvasScale(window.innerWidth, window.innerHeight);
}

export function useCanvasScale(): number {
  return useSyncExternalStore(subscribeToResize, currentScale);
}
