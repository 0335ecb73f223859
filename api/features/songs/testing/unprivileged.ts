/** The uid and gid of `nobody` on Debian. */
const nobody = 65534;

/**
 * Run `work` as `nobody` (effective user and group) when running as root, so chmod 000 binds; set
 * back afterwards. Nothing else may run meanwhile. Not root: `work` runs as is.
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
