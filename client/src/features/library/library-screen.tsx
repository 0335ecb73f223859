import { useMemo, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { LoadingState } from '../../components/ui/loading-state';
import { showToast } from '../../components/ui/toast-store';
import { UpgradeDialog } from '../../components/ui/upgrade-dialog';
import { isKnownFree, useSubscriptionStatusQuery } from '../../lib/api/subscription-status-api';
import { playerPath } from '../../lib/routes/paths';
import { selectKnownUser } from '../../lib/session/known-user-slice';
import { useKeptSongIds } from '../../lib/stem-cache/use-kept-song-ids';
import { emptyState } from './empty-state';
import {
  ALL_GENRES,
  type GenreFilter,
  type LibraryView,
  defaultView,
  effectiveGenreFilter,
  filterSongs,
  genreOptions,
  hasSongsWithoutGenre,
  songCountLabel,
  viewCounts,
} from './library-filter';
import styles from './library-screen.module.css';
import type { LibrarySong } from './library-song';
import { DEFAULT_SORT, type LibrarySort, nextSort, sortSongs } from './library-sort';
import { EditSongDialog } from './edit-song-dialog';
import { ScanProgressDialog } from './scan-progress-dialog';
import { SongsTable } from './songs-table';
import { useDemoLibraryComing } from './use-demo-library-coming';
import { useLibraryScan } from './use-library-scan';
import { useLibrarySongs } from './use-library-songs';

export interface LibraryScreenProps {
  /** The song the player was last opened on, if any: the library then offers 'Back to Player'. */
  lastSongId: number | null;
}

const UNKNOWN_OPTION = '__unknown__';
const ALL_OPTION = '__all__';

export function LibraryScreen({ lastSongId }: LibraryScreenProps) {
  const keptSongIds = useKeptSongIds(useAppSelector(selectKnownUser)?.id ?? null);
  // Read from the local database (RxDB): rows show at once after a reload, and offline.
  const library = useLibrarySongs();
  const songs = library.songs;
  // New songs of a scan arrive through the sync stream; a pull right after it does not wait for it.
  const scan = useLibraryScan(library.resync);
  // On a first start the demo library takes minutes to make: the empty library says songs are coming.
  const songsComing = useDemoLibraryComing(songs?.length === 0, library.resync);
  // As in the account menu, anything but a definite 'subscribed' (the call failed, say) counts as free.
  const { currentData: subscription } = useSubscriptionStatusQuery();
  const [bannerDismissed, setBannerDismissed] = useState(false);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [view, setView] = useState<LibraryView | null>(null);
  const [genre, setGenre] = useState<GenreFilter>(ALL_GENRES);
  const [sort, setSort] = useState<LibrarySort>(DEFAULT_SORT);
  const [editing, setEditing] = useState<LibrarySong | null>(null);

  // Spec 000, 4: decided once, during render, so the first frame with songs shows the right view.
  if (view === null && songs) setView(defaultView(songs));
  // Spec 000, section 4: a filter on a genre that left the library goes back to all genres for good.
  if (songs && effectiveGenreFilter(genre, songs) !== genre) setGenre(ALL_GENRES);

  const listed = songs ?? [];
  const shownView = view ?? 'all';
  const counts = viewCounts(listed);
  // Sorted only when the songs or the order change; a keystroke then only filters (which keeps order).
  const sorted = useMemo(() => sortSongs(songs ?? [], sort), [songs, sort]);
  const shown = useMemo(() => filterSongs(sorted, { view: view ?? 'all', search, genre }), [sorted, view, search, genre]);
  const genres = useMemo(() => genreOptions(songs ?? []), [songs]);
  const empty = emptyState(listed.length, counts.starred, shownView, shown.length, songsComing);

  async function toggleStar(song: LibrarySong) {
    try {
      await library.setStarred(song, !song.starred);
    } catch {
      showToast({ title: 'Error', description: 'Failed to update starred status', variant: 'destructive' });
    }
  }

  const genreValue = genre.kind === 'all' ? ALL_OPTION : genre.kind === 'unknown' ? UNKNOWN_OPTION : genre.genre;
  function chooseGenre(value: string) {
    if (value === ALL_OPTION) setGenre(ALL_GENRES);
    else if (value === UNKNOWN_OPTION) setGenre({ kind: 'unknown' });
    else setGenre({ kind: 'genre', genre: value });
  }

  return (
    <section className={styles.screen}>
      {!bannerDismissed && isKnownFree(subscription) ? (
        <div className={styles.banner} role="region" aria-label="Upgrade">
          <strong>Unlock Full Access with Pro</strong>
          <div className={styles.bannerActions}>
            <Button variant="primary" onClick={() => setUpgradeOpen(true)}>
              Upgrade Now
            </Button>
            <Button variant="ghost" aria-label="Dismiss upgrade banner" onClick={() => setBannerDismissed(true)}>
              ✕
            </Button>
          </div>
        </div>
      ) : null}

      <header className={styles.header}>
        <h1 className={styles.title}>SONG LIBRARY</h1>
        <div className={styles.headerActions}>
          <Button onClick={() => void scan.start()} disabled={scan.scanning}>
            Scan Library
          </Button>
          {lastSongId !== null ? (
            <LinkButton to={playerPath(lastSongId)} variant="primary">
              Back to Player
            </LinkButton>
          ) : null}
        </div>
      </header>

      <div className={styles.controls}>
        <input
          type="search"
          className={styles.search}
          placeholder="Search songs..."
          aria-label="Search songs"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <div className={styles.toggle} role="group" aria-label="View">
          <button type="button" aria-pressed={shownView === 'starred'} onClick={() => setView('starred')}>
            STARRED ({counts.starred})
          </button>
          <button type="button" aria-pressed={shownView === 'all'} onClick={() => setView('all')}>
            ALL SONGS ({counts.all})
          </button>
        </div>
        <select className={styles.genreSelect} aria-label="Genre filter" value={genreValue} onChange={(event) => chooseGenre(event.target.value)}>
          <option value={ALL_OPTION}>All Genres</option>
          {genres.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
          {hasSongsWithoutGenre(listed) ? <option value={UNKNOWN_OPTION}>Unknown</option> : null}
        </select>
        <span className={styles.count} data-testid="library-count">
          {songCountLabel(shown.length)}
        </span>
      </div>

      {library.failed ? (
        <div className={styles.empty} role="alert">
          <p className={styles.emptyTitle}>Your library could not be loaded</p>
          <Button onClick={library.retry}>Try again</Button>
        </div>
      ) : songs === undefined ? (
        <LoadingState label="Loading your library..." />
      ) : empty ? (
        <div className={styles.empty} role={songsComing ? 'status' : undefined}>
          <p className={styles.emptyTitle}>{empty.title}</p>
          <p className={styles.emptyText}>{empty.text}</p>
        </div>
      ) : (
        <SongsTable
          songs={shown}
          keptSongIds={keptSongIds}
          sort={sort}
          onSort={(column) => setSort(nextSort(sort, column))}
          onToggleStar={(song) => void toggleStar(song)}
          onEdit={setEditing}
        />
      )}

      {editing ? <EditSongDialog key={editing.id} song={editing} onClose={() => setEditing(null)} onChanged={library.resync} /> : null}
      {scan.scanning ? <ScanProgressDialog progress={scan.progress} /> : null}
      {upgradeOpen ? <UpgradeDialog trigger="library_banner" onClose={() => setUpgradeOpen(false)} /> : null}
    </section>
  );
}
