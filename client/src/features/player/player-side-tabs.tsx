import styles from './player-side-tabs.module.css';

export type SideView = 'spectrum' | 'practice';

const tabs: ReadonlyArray<{ view: SideView; label: string }> = [
  { view: 'spectrum', label: 'SPECTRUM' },
  { view: 'practice', label: 'PRACTICE TOOLS' },
];

/** The spectrum and the practice tools share the left column: the canvas has no room for both beside the mixer. */
export function PlayerSideTabs({ view, onView }: { view: SideView; onView: (view: SideView) => void }) {
  return (
    <div className={styles.tabs} role="tablist" aria-label="Spectrum or practice tools">
      {tabs.map((tab) => (
        <button
          key={tab.view}
          type="button"
          role="tab"
          id={`player-side-tab-${tab.view}`}
          aria-selected={view === tab.view}
          aria-controls="player-side-panel"
          className={view === tab.view ? `${styles.tab} ${styles.selected}` : styles.tab}
          onClick={() => onView(tab.view)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
