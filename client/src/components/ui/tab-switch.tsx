import styles from './tab-switch.module.css';

export interface TabSwitchProps<Value extends string> {
  tabs: ReadonlyArray<{ value: Value; label: string }>;
  selected: Value;
  onSelect: (value: Value) => void;
  /** The tab list's accessible name. */
  label: string;
  /** Tab ids are `{idPrefix}-{value}`: the panel names its tab by it (`aria-labelledby`). */
  idPrefix: string;
  /** The id of the one panel the tabs switch. */
  panelId: string;
  className?: string;
}

/** Tabs over one panel (the panel is the caller's, with `role="tabpanel"` and the `panelId`). */
export function TabSwitch<Value extends string>({ tabs, selected, onSelect, label, idPrefix, panelId, className }: TabSwitchProps<Value>) {
  return (
    <div className={className ? `${styles.tabs} ${className}` : styles.tabs} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          id={`${idPrefix}-${tab.value}`}
          aria-selected={selected === tab.value}
          aria-controls={panelId}
          className={selected === tab.value ? `${styles.tab} ${styles.selected}` : styles.tab}
          onClick={() => onSelect(tab.value)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
