import { useState } from 'react';
import type { UIEvent } from 'react';
import { visibleRows } from '../../lib/windowing/visible-rows';
import type { VisibleRows } from '../../lib/windowing/visible-rows';

/** Windowing for an admin table whose sticky header is one row tall. */
export function useVisibleRows(rowCount: number, rowHeight: number, scrollerHeight: number): { rows: VisibleRows; onScroll(event: UIEvent<HTMLElement>): void } {
  const [scrollTop, setScrollTop] = useState(0);
  const rows = visibleRows(scrollTop, scrollerHeight - rowHeight, rowHeight, rowCount);
  return { rows, onScroll: (event) => setScrollTop(event.currentTarget.scrollTop) };
}
