import { Button } from '../../components/ui/button';
import { songKey } from '../../../../contract/sync-documents';
import { useLocalDatabase, useLocalDocument } from '../../lib/db/use-local-database';
import { formatClock } from './format-clock';
import type { PlayerSong } from './player-api';
import styles from './player.module.css';

/** The song's details; Length is the decoded stems' once loaded, as the transport shows (an MP3's lead-in makes the catalogue's a little shorter). */
export function SongInfoPanel({ song, duration, onKaraoke }: { song: PlayerSong; duration: number; onKaraoke: (() => void) | null }) {
  const { database } = useLocalDatabase();
  const star = useLocalDocument(database, 'stars', songKey(song.id));
  const rows: [string, string][] = [
    ['Tempo', song.bpm === null ? '-' : `${Math.round(song.bpm)} BPM`],
    ['Key', song.key ?? '-'],
    ['Genre', song.genre ?? 'Unknown'],
    ['Genre2', song.genre2 ?? '-'],
    ['Difficulty', `${song.difficulty}/10`],
    ['Length', formatClock(duration > 0 ? duration : (song.duration ?? 0))],
    ['Starred', star?.starred ? '★ Yes' : 'No'],
  ];
  return (
    <section className={styles.panel} aria-labelledby="song-info-title">
      <h2 id="song-info-title" className={styles.panelTitle}>
        SONG INFO
      </h2>
      <dl className={styles.info}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.infoRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {onKaraoke ? (
        <Button variant="primary" onClick={onKaraoke}>
          KARAOKE
        </Button>
      ) : null}
    </section>
  );
}
