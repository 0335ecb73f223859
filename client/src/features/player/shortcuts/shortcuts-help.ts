import { useSyncExternalStore } from 'react';

let open = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (open === next) return;
  open = next;
  listeners.forEach((listener) => listener());
}

/** Whether the shortcuts help is up: opened by the header's button and by `?`, which live in different parts of the player. */
export const shortcutsHelp = {
  open: () => set(true),
  close: () => set(false),
  toggle: () => set(!open),
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): boolean => open,
};

export function useShortcutsHelpOpen(): boolean {
  return useSyncExternalStore(shortcutsHelp.subscribe, shortcutsHelp.getSnapshot);
}
