import { useEffect } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { LinkButton } from '../../components/ui/link-button';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { useAppDispatch } from '../../app/hooks';
import { paths, SONG_ID_PARAM } from '../../lib/routes/paths';
import { parseSongId } from './parse-song-id';
import { songOpened } from './player-slice';

/**
 * /player (spec 000, Player). It stays mounted next to the library, so it only reacts to the
 * address while /player is actually shown.
 */
export function PlayerScreen() {
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const isShown = pathname === paths.player;
  const songId = isShown ? parseSongId(searchParams.get(SONG_ID_PARAM)) : null;

  useEffect(() => {
    if (songId !== null) dispatch(songOpened({ songId }));
  }, [songId, dispatch]);

  if (songId === null) {
    return (
      <PlaceholderScreen title="No Song Selected" summary="Please select a song from your library to start playing.">
        <LinkButton to={paths.library} variant="primary">
          Go to Library
        </LinkButton>
      </PlaceholderScreen>
    );
  }
  return (
    <PlaceholderScreen
      title="PLAYER"
      summary={`Song ${songId}: mix the stems, mute or solo each instrument, follow the lyrics and chords.`}
    >
      <LinkButton to={paths.library}>Back to Library</LinkButton>
    </PlaceholderScreen>
  );
}
