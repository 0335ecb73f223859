/** The uid and gid of `nobody` on Debian. */
const nobody = 65534;

/**
 * Run `work` with the effective user and group of `nobody` when this process runs as root, so a
 * file made unreadable with chmod 000 really is unreadable (root reads anything). The real user
 * stays root, so the effective one is set back afterwards. Nothing else may run meanwhile: the
 * effective user is the whole process's. Not root: `work` runs as is, chmod already binds.
 */
export async function asUnprivilegedUser<T>(work: () => Promise<T>): Promise<T> {
  if (process.geteuid?.() !== 0 || !process.seteuid || !process.setegid) return work();
  process.setegid(nobody);
  process.seteuid(nobody);
  try {
    return await work();
  } finally {
    process.seteuid(0);
    process.setegid(0);
  }
}
