/**
 * The least width an admin table's one flexible column (the e-mail, or an event's details) gets.
 * The tables lay out with fixed column widths and give that column what is left: on a phone
 * nothing is left, so the table is made at least this much wider than its fixed columns and its
 * scroller scrolls sideways instead.
 */
export const FLEXIBLE_COLUMN_MIN_WIDTH_PX = 220;

/** The minimum width of a table whose fixed columns are `fixedWidths` px wide, plus its flexible one. */
export function tableMinWidth(fixedWidths: readonly number[]): number {
  return fixedWidths.reduce((sum, width) => sum + width, 0) + FLEXIBLE_COLUMN_MIN_WIDTH_PX;
}
