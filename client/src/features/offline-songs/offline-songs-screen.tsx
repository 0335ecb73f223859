import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { Button } from '../../components/ui/button';
import { LinkButton } from '../../components/ui/link-button';
import { LoadingState } from '../../components/ui/loading-state';
import card from '../../components/ui/card.module.css';
import { ScreenFrame } from '../../components/ui/screen-frame';
import { useBackToPlayerPath } from '../../lib/routes/back-to-player';
import { playerPath } from '../../lib/routes/paths';
import { selectKnownUser } from '../../lib/session/known-user-slice';
import { DEFAULT_KEEP_LIMITS } from '../../lib/stem-cache/eviction-plan';
import type { KeptSong } from '../../lib/stem-cache/kept-records';
import { userStemCache } from '../../lib/stem-cache/user-stem-cache';
import { formatBytes } from '../../lib/export/format-bytes';
import styles from './offline-songs-screen.module.css';

interface StorageFigures {
  songs: KeptSong[];
  /** navigator.storage.estimate(): this site's storage in use and its quota, where the browser tells. */
  estimate: { usage: number; quota: number } | null;
}

async function readFigures(userId: number | null): Promise<StorageFigures> {
  const cache = userStemCache(userId);
  const [songs, estimate] = await Promise.all([cache ? cache.songs() : [], navigator.storage?.estimate?.().catch(() => null) ?? null]);
  return {
    songs,
    estimate: estimate && typeof estimate.usage === 'number' && typeof estimate.quota === 'number' ? { usage: estimate.usage, quota: estimate.quota } : null,
  };
}

export function OfflineSongsScreen() {
  const backToPlayer = useBackToPlayerPath();
  const userId = useAppSelector(selectKnownUser)?.id ?? null;
  const [figures, setFigures] = useState<StorageFigures | null>(null);
  const [busy, setBusy] = useState(false);

  const refresh = useCallback(() => readFigures(userId).then(setFigures), [userId]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  const remove = async (songId: number | 'all') => {
    const cache = userStemCache(userId);
    if (!cache) return;
    setBusy(true);
    try {
      await (songId === 'all' ? cache.clearAll() : cache.clearSong(songId));
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  const keptBytes = figures?.songs.reduce((sum, song) => sum + song.bytes, 0) ?? 0;
  return (
    <ScreenFrame className={styles.screen} title="OFFLINE SONGS" subtitle="Songs you open are kept on this device, so they play without a network and are not streamed again." back={<LinkButton to={backToPlayer}>Back to Player</LinkButton>}>
      {figures === null ? <LoadingState label="Reading this device's storage..." /> : null}
      {figures ? (
        <>
          <article className={styles.card} aria-label="Storage on this device">
            <h2 className={card.label}>Storage on this device</h2>
            <p className={styles.figure} data-testid="kept-bytes">
              {formatBytes(keptBytes)}
              <span>
                in {figures.songs.length} {figures.songs.length === 1 ? 'song' : 'songs'}
              </span>
            </p>
            {figures.estimate ? (
              <>
                <div
                  className={styles.meter}
                  role="meter"
                  aria-label="Site storage used"
                  aria-valuemin={0}
                  aria-valuemax={figures.estimate.quota}
                  aria-valuenow={figures.estimate.usage}
                >
                  <div className={styles.meterFill} style={{ width: `${Math.min(100, (100 * figures.estimate.usage) / Math.max(1, figures.estimate.quota))}%` }} />
                </div>
                <p className={styles.note}>
                  Woodshed uses {formatBytes(figures.estimate.usage)} of the {formatBytes(figures.estimate.quota)} this browser allows it. The
                  songs opened longest ago are removed beyond {DEFAULT_KEEP_LIMITS.maxSongs} songs or {formatBytes(DEFAULT_KEEP_LIMITS.maxBytes)}.
                </p>
              </>
            ) : (
              <p className={styles.note}>This browser does not tell how much storage it allows.</p>
            )}
          </article>
          {figures.songs.length === 0 ? (
            <p className={styles.empty}>No songs kept yet. Open a song in the player while online, and it plays here without a network afterwards.</p>
          ) : (
            <table className={styles.table} aria-label="Kept songs">
              <thead>
                <tr>
                  <th scope="col">Song</th>
                  <th scope="col">Stems</th>
                  <th scope="col">Size</th>
                  <th scope="col">Last opened</th>
                  <th scope="col">
                    <span className={styles.visuallyHidden}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {figures.songs.map((song) => (
                  <tr key={song.songId} data-testid="kept-song">
                    <td>
                      <Link to={playerPath(song.songId)} className={styles.songLink}>
                        {song.title}
                      </Link>
                    </td>
                    <td>{song.stemCount}</td>
                    <td>{formatBytes(song.bytes)}</td>
                    <td>{new Date(song.lastOpenedAt).toLocaleString()}</td>
                    <td>
                      <Button disabled={busy} aria-label={`Remove ${song.title}`} onClick={() => void remove(song.songId)}>
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {figures.songs.length > 0 ? (
            <div className={styles.actions}>
              <Button disabled={busy} onClick={() => void remove('all')}>
                Remove All
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
    </ScreenFrame>
  );
}
