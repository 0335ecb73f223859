/** RxDB's Dexie storage advertises its paid storages in a warning on every page; it buries real ones. */
const storageNoticeOpening = '-------------- RxDB Open Core RxStorage';

function isStorageNotice(args: readonly unknown[]): boolean {
  return args.length === 1 && typeof args[0] === 'string' && args[0].startsWith(storageNoticeOpening);
}

const quieted = new WeakSet<Pick<Console, 'warn'>>();

/** Drops RxDB's storage notice from `target`'s warnings; idempotent. */
export function quietStorageNotice(target: Pick<Console, 'warn'> = console): void {
  if (quieted.has(target)) return;
  quieted.add(target);
  const warn = target.warn.bind(target);
  target.warn = (...args: unknown[]) => {
    if (!isStorageNotice(args)) warn(...args);
  };
}
