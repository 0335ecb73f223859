import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { AppHeader } from '../features/account/app-header';
import { exportMixAction } from '../features/export/export-mix-button';
import { LibraryScreen } from '../features/library/library-screen';
import { PlayerScreen } from '../features/player/player-screen';
import { selectLastSongId } from '../features/player/player-slice';
import { selectMixerStems } from '../features/player/mixer-slice';
import { useHeaderSongTitle } from '../features/player/use-header-song-title';
import { Tutorials } from '../features/tutorials/tutorials';
import { workspaceOutletContext } from '../lib/routes/back-to-player';
import { paths, SONG_ID_PARAM } from '../lib/routes/paths';
import { useAppSelector } from './hooks';
import styles from './workspace.module.css';

/** The signed-in workspace: header, then library and player, kept mounted and only shown or hidden (playback and scroll survive); other screens overlay via the outlet. */
export function Workspace() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const lastSongId = useAppSelector(selectLastSongId);
  const songTitle = useHeaderSongTitle(lastSongId);
  const stemsLoaded = useAppSelector((state) => selectMixerStems(state).length > 0);

  // Spec 001, 2.1: /library drops a songId parameter from the address.
  useEffect(() => {
    if (pathname !== paths.library) return;
    const params = new URLSearchParams(search);
    if (!params.has(SONG_ID_PARAM)) return;
    params.delete(SONG_ID_PARAM);
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
  }, [pathname, search, hash, navigate]);

  return (
    <div className={styles.workspace}>
      <AppHeader songTitle={songTitle} />
      <div className={styles.screens}>
        <section className={styles.screen} hidden={pathname !== paths.library} aria-label="Song library">
          <LibraryScreen lastSongId={lastSongId} />
        </section>
        <section className={styles.screen} hidden={pathname !== paths.player} aria-label="Player">
          <PlayerScreen exportAction={exportMixAction} />
        </section>
      </div>
      <Outlet context={workspaceOutletContext(lastSongId)} />
      <Tutorials screen={pathname === paths.library ? 'library' : pathname === paths.player ? 'player' : null} stemsLoaded={stemsLoaded} />
    </div>
  );
}
