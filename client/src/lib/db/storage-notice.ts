/**
 * RxDB's free Dexie storage prints an advertisement for its paid storages (a console warning
 * opening with this line) on the first write of every page. It tells the musician nothing, buries
 * the warnings that matter, and RxDB offers no switch for it short of its paid licence key.
 */
const storageNoticeOpening = '-------------- RxDB Open Core RxStorage';

/** Whether a console.warn call is RxDB's storage notice. */
function isStorageNotice(args: readonly unknown[]): boolean {
  return args.length === 1 && typeof args[0] === 'string' && args[0].startsWith(storageNoticeOpening);
}

const quieted = new WeakSet<Pick<Console, 'warn'>>();

/**
 * Drops RxDB's storage notice from `target`'s warnings (the page's console); every other warning
 * passes through unchanged. Safe to call more than once.
 */
export function quietStorageNotice(target: Pick<Console, 'warn'> = console): void {
  if (quieted.has(target)) return;
  quieted.add(target);
  const warn = target.warn.bind(target);
  target.warn = (...args: unknown[]) => {
    if (!isStorageNotice(args)) warn(...args);
  };
}
