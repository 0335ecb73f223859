import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../components/ui/link-button';
import { useAppDispatch } from '../../app/hooks';
import type { ExportAction } from '../../lib/export/export-mix-source';
import { paths, SONG_ID_PARAM } from '../../lib/routes/paths';
import { parseSongId } from './parse-song-id';
import styles from './player.module.css';
import { songOpened } from './player-slice';
import { SongPlayer } from './song-player';

/** /player (spec 000, Player); stays mounted beside the library, so it reacts to the address only while shown. */
export function PlayerScreen({ exportAction }: { exportAction?: ExportAction } = {}) {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const isShown = pathname === paths.player;
  const shownSongId = isShown ? parseSongId(searchParams.get(SONG_ID_PARAM)) : null;
  // The song follows the address only while shown (state derived from props during render).
  const [songId, setSongId] = useState(shownSongId);
  if (isShown && songId !== shownSongId) setSongId(shownSongId);

  useEffect(() => {
    if (songId !== null) dispatch(songOpened({ songId }));
  }, [songId, dispatch]);

  if (songId === null) {
    return (
      <section className={styles.centered}>
        <h1 className={styles.title}>No Song Selected</h1>
        <p>Please select a song from your library to start playing.</p>
        <LinkButton to={paths.library} variant="primary">
          Go to Library
        </LinkButton>
      </section>
    );
  }
  // Keyed by song: a new song mounts a new player, so the old engine is disposed first.
  return <SongPlayer key={songId} songId={songId} exportAction={exportAction} />;
}
