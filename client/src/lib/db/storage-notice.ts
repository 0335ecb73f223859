/** RxDB's free Dexie storage advertises its paid storages in a console warning on each page's first write, with no switch short of a licence key. */
const storageNoticeOpening = '-------------- RxDB Open Core RxStorage';

/** Whether a console.warn call is RxDB's storage notice. */
function isStorageNotice(args: readonly unknown[]): boolean {
  return args.length === 1 && typeof args[0] === 'string' && args[0].startsWith(storageNoticeOpening);
}

const quieted = new WeakSet<Pick<Console, 'warn'>>();

/** Drops that notice from the console's warnings; others pass unchanged. Safe to call more than once. */
export function quietStorageNotice(target: Pick<Console, 'warn'> = console): void {
  if (quieted.has(target)) return;
  quieted.add(target);
  const warn = target.warn.bind(target);
  target.warn = (...args: unknown[]) => {
    if (!isStorageNotice(args)) warn(...args);
  };
}
