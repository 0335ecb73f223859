import { fileURLToPath } from 'node:url';

/** Absolute path of the repository (client/e2e/../..), whatever the working directory. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
