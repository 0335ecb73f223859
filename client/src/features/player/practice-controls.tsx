import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { TEMPO_RANGE, TRANSPOSE_RANGE } from '../../lib/audio/render-mix';
import type { LoopRange } from '../../lib/audio/stem-engine';
import { formatClock } from './format-clock';
import styles from './practice-controls.module.css';
import { clampTempo, TEMPO_STEP } from './tempo-step';
import type { PracticeControls as Controls } from './use-practice-controls';

function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

export function PracticeControls({ controls, position, section }: { controls: Controls; position: number; section: LoopRange | null }) {
  const { tempo, transpose, loop, markA, trainer, clicks } = controls;
  const [trainerDraft, setTrainerDraft] = useState({ start: 70, step: 5, target: 100 });
  return (
    <div
      className={styles.practice}
      role="group"
      aria-label="Practice tools"
      data-testid="practice-tools"
      data-tempo={tempo}
      data-transpose={transpose}
      data-loop-passes={JSON.stringify(controls.passSchedule)}
    >
      {/* Touching tempo or transpose builds the stretch nodes ahead of the change (decision 0041). */}
      <div className={styles.group} onPointerDown={controls.prepareStretch} onFocus={controls.prepareStretch}>
        <span className={styles.label}>Tempo</span>
        <Button aria-label="Slower" disabled={tempo <= TEMPO_RANGE.min} onClick={() => controls.setTempo(clampTempo(tempo - TEMPO_STEP))}>
          −
        </Button>
        <input
          className={styles.slider}
          type="range"
          aria-label="Tempo"
          min={TEMPO_RANGE.min * 100}
          max={TEMPO_RANGE.max * 100}
          step={1}
          value={Math.round(tempo * 100)}
          onChange={(event) => controls.setTempo(clampTempo(Number(event.target.value) / 100))}
        />
        <Button aria-label="Faster" disabled={tempo >= TEMPO_RANGE.max} onClick={() => controls.setTempo(clampTempo(tempo + TEMPO_STEP))}>
          +
        </Button>
        <span className={styles.value} data-testid="tempo-value">
          {percent(tempo)}
        </span>
        <Button variant="ghost" aria-label="Reset tempo to 100%" disabled={tempo === 1} onClick={() => controls.setTempo(1)}>
          100%
        </Button>
      </div>
      <div className={styles.group} onPointerDown={controls.prepareStretch} onFocus={controls.prepareStretch}>
        <span className={styles.label}>Transpose</span>
        <Button aria-label="Transpose down" disabled={transpose <= TRANSPOSE_RANGE.min} onClick={() => controls.setTranspose(transpose - 1)}>
          ♭
        </Button>
        <span className={styles.value} data-testid="transpose-value">
          {transpose > 0 ? `+${transpose}` : transpose}
        </span>
        <Button aria-label="Transpose up" disabled={transpose >= TRANSPOSE_RANGE.max} onClick={() => controls.setTranspose(transpose + 1)}>
          ♯
        </Button>
        <Button variant="ghost" aria-label="Reset transpose" disabled={transpose === 0} onClick={() => controls.setTranspose(0)}>
          0
        </Button>
      </div>
      <div className={styles.group}>
        <span className={styles.label}>Loop</span>
        <Button aria-pressed={loop !== null} onClick={() => controls.markLoop(position)}>
          {loop ? 'Clear Loop' : markA === null ? 'Set A' : 'Set B'}
        </Button>
        <Button disabled={!section} onClick={() => section && controls.loopSection(section)}>
          Loop Section
        </Button>
        <span className={styles.value} data-testid="loop-range">
          {loop ? `${formatClock(loop.start)}–${formatClock(loop.end)}` : markA !== null ? `A ${formatClock(markA)}` : 'Off'}
        </span>
      </div>
      <div className={styles.group}>
        <label className={styles.group}>
          <input
            type="checkbox"
            checked={trainer !== null}
            disabled={!loop}
            onChange={(event) =>
              controls.setTrainer(
                event.target.checked ? { startTempo: trainerDraft.start / 100, step: trainerDraft.step / 100, targetTempo: trainerDraft.target / 100 } : null,
              )
            }
          />
          <span className={styles.label}>Speed Trainer</span>
        </label>
        {(['start', 'step', 'target'] as const).map((field) => (
          <span key={field} className={styles.trainerField}>
            {/* Visible words around the numbers: "from 70% +5%/pass to 100%". */}
            <span aria-hidden="true">{{ start: 'from', step: '+', target: 'to' }[field]}</span>
            <input
              className={styles.number}
              type="number"
              aria-label={{ start: 'Trainer start tempo %', step: 'Trainer step % per pass', target: 'Trainer target tempo %' }[field]}
              min={field === 'step' ? 1 : TEMPO_RANGE.min * 100}
              max={field === 'step' ? 50 : TEMPO_RANGE.max * 100}
              value={trainerDraft[field]}
              disabled={trainer !== null}
              onChange={(event) => setTrainerDraft({ ...trainerDraft, [field]: Number(event.target.value) })}
            />
            <span aria-hidden="true">{field === 'step' ? '%/pass' : '%'}</span>
          </span>
        ))}
        {trainer ? (
          <span className={styles.value} data-testid="trainer-pass">
            pass {controls.pass + 1}
          </span>
        ) : null}
      </div>
      <div className={styles.group}>
        <span className={styles.label}>Count-in</span>
        <select
          aria-label="Count-in"
          value={clicks.countInBars}
          disabled={!controls.hasBeatGrid}
          onChange={(event) => controls.setClicks({ ...clicks, countInBars: Number(event.target.value) as 0 | 1 | 2 })}
        >
          <option value={0}>Off</option>
          <option value={1}>1 bar</option>
          <option value={2}>2 bars</option>
        </select>
        <label className={styles.group}>
          <input
            type="checkbox"
            checked={clicks.countInEachPass}
            disabled={!controls.hasBeatGrid || clicks.countInBars === 0}
            onChange={(event) => controls.setClicks({ ...clicks, countInEachPass: event.target.checked })}
          />
          each pass
        </label>
        <label className={styles.group}>
          <input type="checkbox" checked={clicks.click} disabled={!controls.hasBeatGrid} onChange={(event) => controls.setClicks({ ...clicks, click: event.target.checked })} />
          <span className={styles.label}>Click</span>
        </label>
        <input
          className={styles.slider}
          type="range"
          aria-label="Click volume"
          min={0}
          max={1}
          step={0.05}
          value={clicks.volume}
          disabled={!controls.hasBeatGrid}
          onChange={(event) => controls.setClicks({ ...clicks, volume: Number(event.target.value) })}
        />
      </div>
    </div>
  );
}
