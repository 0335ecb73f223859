import styles from './sort-button.module.css';
import type { TableSort } from './table-sort';

interface SortHeaderProps<Column extends string> {
  column: Column;
  label: string;
  /** The button's accessible name after 'Sort by', when the label is a symbol. */
  sortLabel?: string;
  sort: TableSort<Column>;
  onSort(column: Column): void;
  className?: string;
  /** Keeps the mark's place (and the gap before it) while another column is sorted. */
  reserveMark?: boolean;
}

export function SortHeader<Column extends string>({ column, label, sortLabel, sort, onSort, className, reserveMark = false }: SortHeaderProps<Column>) {
  const active = sort.column === column;
  return (
    <th scope="col" className={className} aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button type="button" className={styles.sortButton} onClick={() => onSort(column)} aria-label={`Sort by ${sortLabel ?? label}`}>
        {label}
        {active || reserveMark ? (
          <span className={styles.sortMark} aria-hidden="true">
            {active ? (sort.direction === 'asc' ? '▲' : '▼') : ''}
          </span>
        ) : null}
      </button>
    </th>
  );
}
