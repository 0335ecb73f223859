import { type ReactNode, useEffect, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { litSegments, METER_SEGMENTS } from '../../lib/audio/meter-segments';
import type { StemEngine } from '../../lib/audio/stem-engine';
import { groupMuteToggled, groupVolumeChanged, selectMixerGroups, selectSoloStemId, stemSoloed, stemUnsoloed } from './mixer-slice';
import type { MixerGroup } from './mixer-slice';
import { InstrumentIcon } from './instrument-icon';
import styles from './player.module.css';
import soloStyles from './stem-solos.module.css';
import { audioFrames } from './audio-frames';
import { ScrollingName } from './scrolling-name';
import { VolumeSlider } from './volume-slider';

/** Lit meter segments per group (its loudest stem), read every animation frame while there is sound. */
function useGroupMeters(engine: StemEngine, groups: readonly MixerGroup[], isPlaying: boolean): Record<string, number> {
  const [lit, setLit] = useState<Record<string, number>>({});
  useEffect(() => {
    let last = '';
    return audioFrames(isPlaying, () => {
      const levels = engine.graph.levels();
      const next = Object.fromEntries(
        groups.map((group) => [group.name, Math.max(0, ...group.stemIds.map((id) => litSegments(levels[id] ?? -Infinity)))]),
      );
      const key = JSON.stringify(next);
      if (key !== last) {
        last = key;
        setLit(next);
      }
      return Object.values(next).some((segments) => segments > 0);
    });
  }, [engine, groups, isPlaying]);
  return lit;
}

export function MixerPanel({ engine, isPlaying }: { engine: StemEngine; isPlaying: boolean }) {
  const dispatch = useAppDispatch();
  const groups = useAppSelector(selectMixerGroups);
  const soloStemId = useAppSelector(selectSoloStemId);
  const meters = useGroupMeters(engine, groups, isPlaying);

  return (
    <div className={styles.mixer} role="group" aria-label="Mixer">
      {groups.map((group) => {
        const onlyStem = group.stems.length === 1 ? group.stems[0]! : null;
        const soloButton = (stem: { id: string; name: string }, label: string, content: ReactNode, className?: string) => {
          const isSoloed = soloStemId === stem.id;
          return (
            <button
              key={stem.id}
              type="button"
              className={[className, isSoloed ? styles.toggleOn : styles.toggle].filter(Boolean).join(' ')}
              aria-label={`Solo ${label}`}
              aria-pressed={isSoloed}
              onClick={() => dispatch(isSoloed ? stemUnsoloed() : stemSoloed({ stemId: stem.id }))}
            >
              {content}
            </button>
          );
        };
        const slider = (
          <VolumeSlider
            label={`${group.name} volume`}
            volume={group.volume}
            onCommit={(volume) => dispatch(groupVolumeChanged({ group: group.name, volume }))}
          />
        );
        return (
          <div key={group.name} className={styles.strip} data-testid="mixer-strip" data-group={group.name} data-muted={group.muted} data-volume={group.volume}>
            <InstrumentIcon group={group.name} className={styles.stripIcon} />
            <ScrollingName name={group.name} />
            <div className={styles.meter} aria-hidden="true">
              {Array.from({ length: METER_SEGMENTS }, (_, index) => (
                <span key={index} className={index < (meters[group.name] ?? 0) ? styles.segmentLit : styles.segment} />
              ))}
            </div>
            {onlyStem !== null ? (
              slider
            ) : (
              // Solo belongs to one stem: a group of several has one per stem, beside its slider, so each plays alone.
              <div className={soloStyles.sliderAndSolos}>
                {slider}
                <div className={soloStyles.stemSolos} role="group" aria-label={`${group.name} stems`}>
                  {group.stems.map((stem) =>
                    soloButton(
                      stem,
                      stem.name,
                      <>
                        <span aria-hidden="true">S</span>
                        <span className={soloStyles.stemSoloName}>{stem.name}</span>
                      </>,
                      soloStyles.stemSolo,
                    ),
                  )}
                </div>
              </div>
            )}
            <div className={styles.stripButtons}>
              <button
                type="button"
                className={group.muted ? styles.toggleOn : styles.toggle}
                aria-label={`Mute ${group.name}`}
                aria-pressed={group.muted}
                onClick={() => dispatch(groupMuteToggled({ group: group.name }))}
              >
                M
              </button>
              {onlyStem !== null ? soloButton(onlyStem, group.name, 'S') : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
