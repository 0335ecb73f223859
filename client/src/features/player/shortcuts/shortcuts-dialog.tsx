import { Fragment, useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { TabSwitch } from '../../../components/ui/tab-switch';
import type { MidiControl } from '../../../lib/midi/midi-control';
import { keyLabel } from './key-binding';
import { MidiSection } from './midi-section';
import type { PlayerAction, PlayerActionGroup } from './player-actions';
import styles from './shortcuts-dialog.module.css';

type Section = 'keys' | 'midi';

const sections: ReadonlyArray<{ value: Section; label: string }> = [
  { value: 'keys', label: 'KEYS' },
  { value: 'midi', label: 'MIDI' },
];

const GROUPS: readonly PlayerActionGroup[] = ['Playback', 'Practice', 'Mixer', 'Help'];

function KeyList({ actions }: { actions: readonly PlayerAction[] }) {
  return (
    <>
      {GROUPS.map((group) => {
        const inGroup = actions.filter((action) => action.group === group && action.keys.length > 0);
        if (inGroup.length === 0) return null;
        return (
          <Fragment key={group}>
            <h3 className={styles.groupTitle}>{group}</h3>
            <dl className={styles.keys}>
              {inGroup.map((action) => (
                <div key={action.id} className={styles.row} data-testid="shortcut">
                  <dt>
                    {action.keys.map((binding, index) => (
                      <Fragment key={keyLabel(binding)}>
                        {index > 0 ? ' or ' : null}
                        <kbd className={styles.kbd}>{keyLabel(binding)}</kbd>
                      </Fragment>
                    ))}
                  </dt>
                  <dd>{action.label}</dd>
                </div>
              ))}
            </dl>
          </Fragment>
        );
      })}
      <p className={styles.note}>Keys rest while you type in a field.</p>
    </>
  );
}

/** Every shortcut of the player, and MIDI learning; the MIDI tab is what asks the browser for MIDI access. */
export function ShortcutsDialog({ actions, midi, onClose }: { actions: readonly PlayerAction[]; midi: MidiControl; onClose: () => void }) {
  const [section, setSection] = useState<Section>('keys');
  return (
    <ModalDialog title="Shortcuts" onClose={onClose} dismissLabel="Close" width={560} trigger="shortcuts">
      <TabSwitch tabs={sections} selected={section} onSelect={setSection} label="Keys or MIDI" idPrefix="shortcuts-tab" panelId="shortcuts-panel" className={styles.tabs} />
      <div id="shortcuts-panel" role="tabpanel" aria-labelledby={`shortcuts-tab-${section}`} className={styles.panel}>
        {section === 'keys' ? <KeyList actions={actions} /> : <MidiSection actions={actions.filter((action) => action.group !== 'Help')} midi={midi} />}
      </div>
    </ModalDialog>
  );
}
