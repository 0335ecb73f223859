import { useEffect, useId, useRef, useState } from 'react';
import { useAdminLastSongsQuery } from './admin-api';
import styles from './last-active-cell.module.css';

export const LAST_SONGS_TOOLTIP_DELAY_MS = 300;
// Tall enough for the heading and three titles, with its gap to the cell.
const TOOLTIP_ROOM_PX = 120;
// The table's sticky header row, which covers the top of the scroller.
const STICKY_HEADER_PX = 44;

export interface LastActiveCellProps {
  userId: number;
  email: string;
  lastActive: string | null;
  text: string;
}

/** The Usage table's Last Active cell: after 300 ms of hover or focus, the last 3 songs (fetched only then, and only if the user was ever active). */
export function LastActiveCell({ userId, email, lastActive, text }: LastActiveCellProps) {
  const [open, setOpen] = useState<'below' | 'above' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const anchor = useRef<HTMLDivElement>(null);
  const tooltipId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(placement(anchor.current)), LAST_SONGS_TOOLTIP_DELAY_MS);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(null);
  };

  return (
    <div
      ref={anchor}
      className={styles.anchor}
      // Focusable so keyboard users reach the tooltip too.
      tabIndex={0}
      aria-describedby={open ? tooltipId : undefined}
      aria-label={`Last active ${text}, ${email}`}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape') hide();
      }}
      data-testid="last-active"
    >
      {text}
      {open ? <LastSongsTooltip id={tooltipId} userId={userId} hasPlayed={lastActive !== null} placement={open} /> : null}
    </div>
  );
}

/** Below the cell if the scroller has room, else above it, else where there is more room: the table clips what leaves it. */
function placement(cell: HTMLElement | null): 'below' | 'above' {
  const scroller = cell?.closest('[data-scroller]');
  if (!cell || !scroller) return 'below';
  const cellBox = cell.getBoundingClientRect();
  const scrollerBox = scroller.getBoundingClientRect();
  // Boxes are in the window's (scaled) pixels; the room is compared in the canvas's own pixels.
  const scale = cellBox.height > 0 && cell.offsetHeight > 0 ? cellBox.height / cell.offsetHeight : 1;
  const below = (scrollerBox.bottom - cellBox.bottom) / scale;
  const above = (cellBox.top - scrollerBox.top) / scale - STICKY_HEADER_PX;
  if (below >= TOOLTIP_ROOM_PX) return 'below';
  if (above >= TOOLTIP_ROOM_PX) return 'above';
  return below >= above ? 'below' : 'above';
}

function LastSongsTooltip({ id, userId, hasPlayed, placement: side }: { id: string; userId: number; hasPlayed: boolean; placement: 'below' | 'above' }) {
  const { data: songs, isLoading, isError } = useAdminLastSongsQuery(userId, { skip: !hasPlayed });
  let body;
  if (!hasPlayed || (songs && songs.length === 0)) body = <p className={styles.empty}>No songs played yet</p>;
  else if (isLoading) body = <p className={styles.empty}>Loading...</p>;
  else if (isError || !songs) body = <p className={styles.empty}>The songs could not be loaded.</p>;
  else
    body = (
      <ol className={styles.songs}>
        {songs.slice(0, 3).map((song, index) => (
          <li key={`${song.songId}-${index}`}>{song.songTitle}</li>
        ))}
      </ol>
    );
  return (
    <div role="tooltip" id={id} className={side === 'above' ? `${styles.tooltip} ${styles.above}` : styles.tooltip}>
      <strong className={styles.heading}>Last 3 Songs Played:</strong>
      {body}
    </div>
  );
}
