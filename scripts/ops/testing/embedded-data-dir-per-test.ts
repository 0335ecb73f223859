import { type Storage, openStorage } from '../../../events/store/open-event-store';
import { dataDirFromFreshImage } from '../../../events/store/testing/data-dir-from-image';
import { tempDirPerTest } from '../../../events/store/testing/temp-dir-per-test';

/**
 * For tests of an operator command on the embedded database: the answered function makes a data
 * directory (removed after the test), lets `prepare` write to its database, and closes it again, as
 * the command refuses to open a database the app still holds.
 */
export function embeddedDataDirPerTest(prefix: string): (prepare: (storage: Storage) => Promise<void>) => Promise<string> {
  const tempDir = tempDirPerTest(prefix);
  return async (prepare) => {
    const dataDir = await tempDir();
    await dataDirFromFreshImage(dataDir);
    const storage = await openStorage({ dataDir });
    try {
      await prepare(storage);
    } finally {
      await storage.close();
    }
    return dataDir;
  };
}
