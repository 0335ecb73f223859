import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (scripts/app/../..), whatever the working directory. */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
