import { TabSwitch } from '../../components/ui/tab-switch';

export type SideView = 'spectrum' | 'practice';

const tabs: ReadonlyArray<{ value: SideView; label: string }> = [
  { value: 'spectrum', label: 'SPECTRUM' },
  { value: 'practice', label: 'PRACTICE TOOLS' },
];

/** The spectrum and the practice tools share the left column: the canvas has no room for both beside the mixer. */
export function PlayerSideTabs({ view, onView }: { view: SideView; onView: (view: SideView) => void }) {
  return <TabSwitch tabs={tabs} selected={view} onSelect={onView} label="Spectrum or practice tools" idPrefix="player-side-tab" panelId="player-side-panel" />;
}
