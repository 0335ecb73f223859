import { Button } from '../../components/ui/button';
import { UpgradeDialog } from '../../components/ui/upgrade-dialog';
import styles from './presets-bar.module.css';
import { useSongPreset } from './use-song-preset';

export function PresetsBar({ songId }: { songId: number }) {
  const preset = useSongPreset(songId);
  return (
    <div className={styles.presets} role="group" aria-label="Presets">
      <span className={styles.label}>Presets</span>
      <Button disabled={!preset.ready} onClick={() => void preset.run('save')}>
        SAVE
      </Button>
      <Button disabled={!preset.ready} onClick={() => void preset.run('load')}>
        LOAD
      </Button>
      <Button disabled={!preset.ready} onClick={() => void preset.run('reset')}>
        RESET
      </Button>
      {preset.upgrade ? <UpgradeDialog trigger={preset.upgrade} onClose={preset.closeUpgrade} /> : null}
    </div>
  );
}
