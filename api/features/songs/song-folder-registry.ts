import type { MigrationSet } from '../../../events/store/postgres/migrations';
import type { SqlExecutor } from '../../../events/store/postgres/sql-client';

/**
 * The song folder registry, an ordinary table: one id per folder name, from a sequence starting
 * at 1, so a song keeps its id across re-scans, restarts and replays (the read model is rebuilt
 * from the log, where SongCatalogued carries the id; the registry is where new ids come from).
 */
export const songFolderMigrations: MigrationSet = {
  name: 'song-folders',
  migrations: [
    {
      version: 1,
      name: 'song-folders',
      sql: `
CREATE SEQUENCE song_folder_ids START 1;
CREATE TABLE song_folders (
  folder text PRIMARY KEY,
  song_id integer NOT NULL UNIQUE,
  created_at timestamptz NOT NULL
);`,
    },
  ],
};

/** The id of the song in this folder, created the first time a scan sees it. */
export async function findOrCreateSongId(sql: SqlExecutor, folder: string, now: Date): Promise<number> {
  // The WHERE spares a sequence number when the folder is known; ON CONFLICT covers a race.
  await sql.query(
    `INSERT INTO song_folders (folder, song_id, created_at)
     SELECT $1, nextval('song_folder_ids'), $2 WHERE NOT EXISTS (SELECT 1 FROM song_folders WHERE folder = $1)
     ON CONFLICT (folder) DO NOTHING`,
    [folder, now],
  );
  const { rows } = await sql.query<{ song_id: number }>('SELECT song_id FROM song_folders WHERE folder = $1', [folder]);
  const row = rows[0];
  if (!row) throw new Error('The song folder registry lost a row it just wrote');
  return Number(row.song_id);
}

/** Every registered folder with its song id. */
export async function registeredSongFolders(sql: SqlExecutor): Promise<Array<{ folder: string; songId: number }>> {
  const { rows } = await sql.query<{ folder: string; song_id: number }>('SELECT folder, song_id FROM song_folders ORDER BY song_id');
  return rows.map((row) => ({ folder: row.folder, songId: Number(row.song_id) }));
}
