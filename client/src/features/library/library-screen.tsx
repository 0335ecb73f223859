import { LinkButton } from '../../components/ui/link-button';
import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import { playerPath } from '../../lib/routes/paths';

/** Props of {@link LibraryScreen}; the app passes in what other features know. */
export interface LibraryScreenProps {
  /** The song the player was last opened on, if any: the library then offers 'Back to Player'. */
  lastSongId: number | null;
}

/** /library (spec 000, Library). */
export function LibraryScreen({ lastSongId }: LibraryScreenProps) {
  return (
    <PlaceholderScreen
      title="SONG LIBRARY"
      summary="Search, filter, sort and star the songs, then load one into the player."
    >
      {lastSongId !== null ? (
        <LinkButton to={playerPath(lastSongId)} variant="primary">
          Back to Player
        </LinkButton>
      ) : null}
    </PlaceholderScreen>
  );
}
