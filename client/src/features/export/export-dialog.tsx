import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { encodeInWorker } from '../../lib/export/encode-in-worker';
import type { ExportFormat } from '../../lib/export/export-format';
import { exportFormats } from '../../lib/export/export-format';
import type { ExportMixSettings, ExportMixSource } from '../../lib/export/export-mix-source';
import { formatBytes } from '../../lib/export/format-bytes';
import styles from './export-dialog.module.css';
import { estimatedExportBytes, exportFileName, exportMixSettings, exportSeconds, LOOP_PASSES, SILENT_MIX } from './export-mix';

type Phase =
  | { kind: 'choosing' }
  | { kind: 'rendering'; fraction: number }
  | { kind: 'encoding'; fraction: number }
  | { kind: 'done'; url: string; fileName: string; bytes: number; milliseconds: number }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled' };

const FORMATS: ExportFormat[] = ['wav16', 'wav32', 'mp3'];

function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

function describeGains(source: ExportMixSource): string {
  const silent = source.loadedStemIds.filter((id) => (source.gains[id] ?? 0) === 0).length;
  if (silent === 0) return `all ${source.loadedStemIds.length} stems`;
  return `${source.loadedStemIds.length - silent} of ${source.loadedStemIds.length} stems (${silent} muted)`;
}

function download(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
}

/** Renders `settings`, encodes in a worker and starts the download, reporting each step; an abort stops the render's workers or the encoder. */
async function runExport(
  source: ExportMixSource,
  render: ExportMixSource['render'],
  settings: ExportMixSettings,
  format: ExportFormat,
  signal: AbortSignal,
  setPhase: (phase: Phase) => void,
): Promise<void> {
  const began = performance.now();
  // A cancelled run says nothing more: the dialog went back to choosing, maybe to a new run.
  const report = (phase: Phase) => {
    if (!signal.aborted) setPhase(phase);
  };
  try {
    report({ kind: 'rendering', fraction: 0 });
    const rendered = await render(settings, (fraction) => report({ kind: 'rendering', fraction }));
    signal.throwIfAborted();
    report({ kind: 'encoding', fraction: 0 });
    // Copies: the worker takes the arrays' memory, which the AudioBuffer keeps.
    const channels = Array.from({ length: rendered.numberOfChannels }, (_, channel) => rendered.getChannelData(channel).slice());
    const bytes = await encodeInWorker({ format, sampleRate: rendered.sampleRate, channels }, { signal, onProgress: (fraction) => report({ kind: 'encoding', fraction }) });
    const fileName = exportFileName(source.title, format);
    const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: exportFormats[format].mimeType }));
    report({ kind: 'done', url, fileName, bytes: bytes.length, milliseconds: performance.now() - began });
    download(url, fileName);
  } catch (error) {
    if (signal.aborted) return;
    console.error('Exporting the mix failed', error);
    report({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

/** Exports the mix as heard (decision 0033), rendered offline from the decoded stems (nothing streamed or billed) and encoded as WAV or MP3. */
export function ExportDialog({ source, onClose }: { source: ExportMixSource; onClose: () => void }) {
  const [format, setFormat] = useState<ExportFormat>('wav16');
  const [loopOnly, setLoopOnly] = useState(false);
  const [passes, setPasses] = useState(4);
  // The click as the player has it: on when the click or a count-in is on now.
  const [includeClick, setIncludeClick] = useState(source.click?.on ?? false);
  // The take as the player has it: the one playing along, when it can be mixed in.
  const [takeId, setTakeId] = useState(source.takes.some((take) => take.id === source.loadedTakeId) ? source.loadedTakeId! : '');
  const take = source.takes.find((choice) => choice.id === takeId) ?? null;
  const [phase, setPhase] = useState<Phase>({ kind: 'choosing' });
  const run = useRef<AbortController | null>(null);
  // The last render, reused when the same mix is exported in another format: every format holds the same samples.
  const lastRender = useRef<{ key: string; buffer: Promise<AudioBuffer> } | null>(null);
  const passesId = useId();
  const takeSelectId = useId();
  // Where the render in flight reports progress: a run after Cancel may wait for the cancelled run's render.
  const progressTo = useRef<((fraction: number) => void) | null>(null);

  // Closing (or unmounting) cancels whatever runs and releases the file.
  useEffect(() => () => run.current?.abort(), []);
  useEffect(() => {
    if (phase.kind !== 'done') return;
    return () => URL.revokeObjectURL(phase.url);
  }, [phase]);

  let settings: ReturnType<typeof exportMixSettings> | null = null;
  let problem: string | null = null;
  try {
    settings = { ...exportMixSettings({ ...source, loopOnly: loopOnly ? { passes } : null, take }), includeClick: source.click !== null && includeClick };
  } catch (error) {
    problem = error instanceof RangeError ? error.message : String(error);
  }
  // The count-in, when included, adds its bars before the music (before each pass when asked).
  const countIns = settings?.includeClick && source.click ? (settings.loop && source.click.countInEachPass ? settings.loop.passes : 1) : 0;
  const seconds = settings ? exportSeconds(source.duration, settings) + countIns * (source.click?.countIn ?? 0) : 0;
  const busy = phase.kind === 'rendering' || phase.kind === 'encoding';

  const start = () => {
    if (!settings) return;
    const controller = new AbortController();
    run.current = controller;
    const render: ExportMixSource['render'] = (mix, onProgress) => {
      const key = JSON.stringify(mix);
      progressTo.current = onProgress ?? null;
      if (lastRender.current?.key !== key) {
        // Cancel (or closing) stops the render's workers; the failed render is then not kept.
        const buffer = source.render(mix, (fraction) => progressTo.current?.(fraction), controller.signal);
        lastRender.current = { key, buffer };
        buffer.catch(() => {
          if (lastRender.current?.buffer === buffer) lastRender.current = null;
        });
      }
      return lastRender.current.buffer;
    };
    void runExport(source, render, settings, format, controller.signal, setPhase).finally(() => {
      if (run.current === controller) run.current = null;
    });
  };

  // Stops at once and says so: the render's workers or the encoder are terminated, and no file is made.
  const cancel = () => {
    run.current?.abort();
    run.current = null;
    progressTo.current = null;
    // An aborted render rejects a moment later; an Export clicked before then must not reuse it.
    if (phase.kind === 'rendering') lastRender.current = null;
    setPhase({ kind: 'cancelled' });
  };

  const actions = busy ? (
    <Button onClick={cancel}>Cancel</Button>
  ) : (
    <>
      <Button onClick={onClose}>Close</Button>
      <Button variant="primary" disabled={settings === null} onClick={() => void start()}>
        {phase.kind === 'done' ? 'Export Again' : 'Export'}
      </Button>
    </>
  );

  return (
    <ModalDialog title="Export Mix" actions={actions} onClose={busy ? undefined : onClose} width={560}>
      <div className={styles.body} data-testid="export-dialog" data-phase={phase.kind}>
        <p className={styles.summary}>
          The mix you hear: {describeGains(source)}, tempo {Math.round(source.tempo * 100)}%, transpose {source.transpose > 0 ? '+' : ''}
          {source.transpose} semitones{take ? `, with ${take.name}` : ''}. Rendered on this device from the stems already loaded: nothing is streamed or billed.
        </p>
        <fieldset className={styles.formats} disabled={busy}>
          <legend>Format</legend>
          {FORMATS.map((option) => (
            <label key={option} className={styles.format}>
              <input type="radio" name="export-format" value={option} checked={format === option} onChange={() => setFormat(option)} />
              {exportFormats[option].label}
            </label>
          ))}
        </fieldset>
        <div className={styles.loop}>
          <label>
            <input type="checkbox" checked={loopOnly} disabled={busy || source.loop === null} onChange={(event) => setLoopOnly(event.target.checked)} />
            {source.loop ? `Only the loop (${formatDuration(source.loop.start)}-${formatDuration(source.loop.end)})` : 'Only the loop (no loop set)'}
          </label>
          <label htmlFor={passesId}>passes</label>
          <input
            id={passesId}
            type="number"
            min={LOOP_PASSES.min}
            max={LOOP_PASSES.max}
            value={passes}
            disabled={busy || !loopOnly}
            onChange={(event) => setPasses(Number(event.target.value))}
            className={styles.passes}
          />
        </div>
        <label className={styles.click}>
          <input type="checkbox" checked={source.click !== null && includeClick} disabled={busy || source.click === null} onChange={(event) => setIncludeClick(event.target.checked)} />
          {source.click ? 'Include click (count-in and click as set in the practice tools)' : 'Include click (the song has no tempo)'}
        </label>
        <div className={styles.take}>
          <label htmlFor={takeSelectId}>Include a take</label>
          <select id={takeSelectId} className={styles.takeSelect} value={takeId} disabled={busy || source.takes.length === 0} onChange={(event) => setTakeId(event.target.value)}>
            <option value="">{source.takes.length === 0 ? 'No take recorded at this tempo and transpose' : 'No take'}</option>
            {source.takes.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
                {choice.gain === 0 ? ' (muted)' : choice.soloed ? ' (solo)' : ''}
              </option>
            ))}
          </select>
        </div>
        {settings ? (
          <p className={styles.estimate} data-testid="export-estimate">
            {formatDuration(seconds)} long, about {formatBytes(estimatedExportBytes(format, seconds, source.sampleRate, 2))}
          </p>
        ) : (
          <p className={styles.problem} role="alert">
            {problem === SILENT_MIX ? (take ? 'Every stem and the take are muted: unmute one to export.' : 'Every stem is muted: unmute one to export.') : problem}
          </p>
        )}
        {busy ? <ExportProgress phase={phase} /> : null}
        {phase.kind === 'done' ? (
          <p className={styles.done} role="status">
            Exported {phase.fileName} ({formatBytes(phase.bytes)}) in {(phase.milliseconds / 1000).toFixed(1)} s.{' '}
            <a href={phase.url} download={phase.fileName}>
              Download again
            </a>
          </p>
        ) : null}
        {phase.kind === 'cancelled' ? (
          <p className={styles.done} role="status">
            Export cancelled: no file was made.
          </p>
        ) : null}
        {phase.kind === 'failed' ? (
          <p className={styles.problem} role="alert">
            The export failed: {phase.message}
          </p>
        ) : null}
      </div>
    </ModalDialog>
  );
}

function ExportProgress({ phase }: { phase: Extract<Phase, { kind: 'rendering' | 'encoding' }> }) {
  const label = phase.kind === 'rendering' ? 'Rendering the mix' : 'Encoding the file';
  const percent = Math.round(phase.fraction * 100);
  return (
    <div className={styles.progress}>
      <div className={styles.progressLabel}>
        <span>
          Step {phase.kind === 'rendering' ? 1 : 2} of 2: {label}
        </span>
        <span>{percent}%</span>
      </div>
      <div className={styles.bar} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
