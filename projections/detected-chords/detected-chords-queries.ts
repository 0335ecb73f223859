import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { detectedChordsTable } from './detected-chords-projection';

/** The detected chord charts of a song by instrument (empty when it was never analysed). */
export async function findDetectedCharts(sql: SqlExecutor, songId: number): Promise<Record<string, string>> {
  const { rows } = await sql.query<{ charts: Record<string, string> }>(`SELECT charts FROM ${detectedChordsTable} WHERE song_id = $1`, [songId]);
  return rows[0]?.charts ?? {};
}
