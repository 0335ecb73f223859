/** The least width of an admin table's one flexible column; on a phone the table grows by it and scrolls sideways. */
export const FLEXIBLE_COLUMN_MIN_WIDTH_PX = 220;

export function tableMinWidth(fixedWidths: readonly number[]): number {
  return fixedWidths.reduce((sum, width) => sum + width, 0) + FLEXIBLE_COLUMN_MIN_WIDTH_PX;
}
