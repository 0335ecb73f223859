export interface TableSort<Column extends string> {
  column: Column;
  direction: 'asc' | 'desc';
}

export function nextTableSort<Column extends string>(current: TableSort<Column>, clicked: Column, firstDirection: 'asc' | 'desc'): TableSort<Column> {
  if (current.column === clicked) return { column: clicked, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { column: clicked, direction: firstDirection };
}
