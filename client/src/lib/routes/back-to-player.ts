import { useOutletContext } from 'react-router-dom';
import { paths, playerPath } from './paths';

/** What the workspace hands to the screens it shows over the library and player. */
export interface WorkspaceOutletContext {
  /** Where 'Back to Player' goes: the song the player last had, or the empty player. */
  backToPlayer: string;
}

/** The workspace's context for the song the player was last opened on (null: none). */
export function workspaceOutletContext(lastSongId: number | null): WorkspaceOutletContext {
  return { backToPlayer: lastSongId === null ? paths.player : playerPath(lastSongId) };
}

/** Where an overlay screen's 'Back to Player' goes (the player itself outside the workspace). */
export function useBackToPlayerPath(): string {
  return useOutletContext<WorkspaceOutletContext | undefined>()?.backToPlayer ?? paths.player;
}
