/** Which rows of a long table are drawn: [start, end) plus the blank space above and below them. */
export interface VisibleRows {
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
}

/** Windowing for long fixed-row-height tables: only the rows in view plus `overscan` are in the DOM. */
export function visibleRows(scrollTop: number, viewportHeight: number, rowHeight: number, rowCount: number, overscan = 8): VisibleRows {
  // A scroll offset from before the list shrank (a search) would otherwise point past its end.
  const maxScrollTop = Math.max(0, rowCount * rowHeight - viewportHeight);
  const first = Math.floor(Math.min(Math.max(0, scrollTop), maxScrollTop) / rowHeight);
  const start = Math.max(0, Math.min(rowCount, first - overscan));
  const end = Math.min(rowCount, first + Math.ceil(viewportHeight / rowHeight) + overscan);
  return { start, end: Math.max(start, end), padTop: start * rowHeight, padBottom: (rowCount - Math.max(start, end)) * rowHeight };
}
