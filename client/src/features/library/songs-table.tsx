import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { SortHeader } from '../../components/ui/sort-header';
import { WindowedRows } from '../../components/ui/windowed-rows';
import { playerPath } from '../../lib/routes/paths';
import { genreBadge } from './genre-colour';
import type { LibrarySong } from './library-song';
import type { LibrarySort, SortColumn } from './library-sort';
import { formatBpm, formatDuration, hasFlame } from './song-format';
import styles from './songs-table.module.css';
import { visibleRows } from '../../lib/windowing/visible-rows';

const TABLE_HEIGHT_PX = 400;
// Must match .row height in the CSS: windowing counts on one fixed row height.
const ROW_HEIGHT_PX = 52;

const columns: { column: SortColumn | null; label: string; sortLabel?: string }[] = [
  { column: 'starred', label: '★', sortLabel: 'Starred' },
  { column: 'title', label: 'Song Name' },
  { column: 'genre', label: 'Genre' },
  { column: 'bpm', label: 'BPM' },
  { column: 'difficulty', label: 'Difficulty' },
  { column: 'duration', label: 'Length' },
  { column: 'playCount', label: 'Popularity' },
  { column: null, label: 'Action' },
];

export interface SongsTableProps {
  songs: readonly LibrarySong[];
  /** The songs this browser keeps for offline practice: marked in the table. */
  keptSongIds: ReadonlySet<number>;
  sort: LibrarySort;
  onSort(column: SortColumn): void;
  onToggleStar(song: LibrarySong): void;
  /** Opens the edit dialog for every user: a musician's edit is their own, an admin's everyone's (decisions 0011, 0063). */
  onEdit(song: LibrarySong): void;
}

export function SongsTable({ songs, keptSongIds, sort, onSort, onToggleStar, onEdit }: SongsTableProps) {
  const [scrollTop, setScrollTop] = useState(0);
  const headerHeight = ROW_HEIGHT_PX;
  const rows = visibleRows(scrollTop, TABLE_HEIGHT_PX - headerHeight, ROW_HEIGHT_PX, songs.length);

  return (
    <div
      className={styles.scroller}
      style={{ maxHeight: TABLE_HEIGHT_PX }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      data-testid="library-table"
    >
      <table className={styles.table}>
        <thead>
          <tr>
            {columns.map(({ column, label, sortLabel }) => {
              if (column === null) return <th key={label} scope="col">{label}</th>;
              return <SortHeader key={label} column={column} label={label} sortLabel={sortLabel} sort={sort} onSort={onSort} reserveMark />;
            })}
          </tr>
        </thead>
        <tbody>
          <WindowedRows rows={rows}>
            {songs.slice(rows.start, rows.end).map((song) => (
              <SongRow key={song.id} song={song} kept={keptSongIds.has(song.id)} onToggleStar={onToggleStar} onEdit={onEdit} />
            ))}
          </WindowedRows>
        </tbody>
      </table>
    </div>
  );
}

function SongRow({
  song,
  kept,
  onToggleStar,
  onEdit,
}: {
  song: LibrarySong;
  kept: boolean;
  onToggleStar(song: LibrarySong): void;
  onEdit(song: LibrarySong): void;
}) {
  const badge = genreBadge(song.genre);
  return (
    <tr className={styles.row} data-testid="library-row">
      <td>
        <button
          type="button"
          className={song.starred ? `${styles.star} ${styles.starred}` : styles.star}
          aria-pressed={song.starred}
          aria-label={song.starred ? `Unstar ${song.title}` : `Star ${song.title}`}
          onClick={() => onToggleStar(song)}
        >
          {song.starred ? '★' : '☆'}
        </button>
      </td>
      <td className={styles.title} title={song.title}>
        {song.title}
      </td>
      <td>
        <span className={styles.genre} style={{ borderColor: badge.colour, color: badge.colour }}>
          {badge.label}
        </span>
      </td>
      <td className={styles.number}>{formatBpm(song.bpm)}</td>
      <td className={styles.number}>{`${song.difficulty}/10`}</td>
      <td className={styles.number}>{formatDuration(song.duration)}</td>
      <td className={styles.number}>
        {song.playCount}
        {hasFlame(song.playCount) ? (
          <span className={styles.flame} role="img" aria-label="Popular">
            🔥
          </span>
        ) : null}
      </td>
      <td>
        <div className={styles.actions}>
          <LinkButton to={playerPath(song.id)}>Load Song</LinkButton>
          {kept ? (
            <span className={styles.kept} role="img" aria-label="On this device" title="Kept on this device: plays without a network">
              ⤓
            </span>
          ) : null}
          <Button variant="ghost" className={styles.edit} aria-label={`Edit ${song.title}`} title="Edit song details" onClick={() => onEdit(song)}>
            ✎
          </Button>
        </div>
      </td>
    </tr>
  );
}
