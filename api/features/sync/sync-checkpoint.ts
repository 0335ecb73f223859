import type { Position } from '../../../events/store/event-store';

// A checkpoint's position carries the position epoch it was handed out in, once there has been a
// rebase (decision 0061): `e<epoch>:<position>`. Epoch 0 is the plain position, as before epochs.
const withEpoch = /^e(\d{1,9}):(.*)$/;

/** The position a sync checkpoint carries for `position`, read in `epoch`. */
export function checkpointPosition(epoch: number, position: Position): string {
  return epoch === 0 ? position : `e${epoch}:${position}`;
}

/**
 * Where to pull from for a checkpoint a client sent back: its log position, or undefined (from the
 * beginning) when the checkpoint is of another epoch. Its numbers were rewritten since it was
 * handed out (`npm run rebase-positions` after a restore), so it names no place in today's log.
 */
export function pullFrom(epoch: number, checkpoint: string | undefined): Position | undefined {
  if (checkpoint === undefined) return undefined;
  const match = withEpoch.exec(checkpoint);
  const sentIn = match ? Number(match[1]) : 0;
  if (sentIn !== epoch) return undefined;
  return match ? match[2]! : checkpoint;
}
