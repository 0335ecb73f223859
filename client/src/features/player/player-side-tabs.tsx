import { TabSwitch } from '../../components/ui/tab-switch';

export type SideView = 'spectrum' | 'practice' | 'takes';

const tabs: ReadonlyArray<{ value: SideView; label: string }> = [
  { value: 'spectrum', label: 'SPECTRUM' },
  { value: 'practice', label: 'PRACTICE TOOLS' },
  { value: 'takes', label: 'TAKES' },
];

/** The spectrum, the practice tools and the takes share the left column: the canvas has no room for them beside the mixer. */
export function PlayerSideTabs({ view, onView }: { view: SideView; onView: (view: SideView) => void }) {
  return <TabSwitch tabs={tabs} selected={view} onSelect={onView} label="Spectrum, practice tools or takes" idPrefix="player-side-tab" panelId="player-side-panel" />;
}
