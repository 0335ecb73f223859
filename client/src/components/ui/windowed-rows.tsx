import type { ReactNode } from 'react';
import type { VisibleRows } from '../../lib/windowing/visible-rows';

/** A windowed table body's drawn rows between spacer rows that stand in for those out of view. */
export function WindowedRows({ rows, children }: { rows: VisibleRows; children: ReactNode }) {
  return (
    <>
      {rows.padTop > 0 ? <tr style={{ height: rows.padTop }} aria-hidden="true" /> : null}
      {children}
      {rows.padBottom > 0 ? <tr style={{ height: rows.padBottom }} aria-hidden="true" /> : null}
    </>
  );
}
