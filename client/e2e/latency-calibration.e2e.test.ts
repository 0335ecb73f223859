import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { openSong, signInNewListener } from './new-listener';
import { watchPageProblems } from './page-problems';
import { saveScreenshot } from './screenshot';
import { lateClick, roomWav } from './song-fixtures';

const baseUrl = inject('baseUrl');

/** What the virtual cable adds on top of the browser's own path from output to input: a long-ish interface's round trip. */
const CABLE_DELAY = 0.04;

// The microphone plays a known file: the room (a quiet noise floor and a hum).
const browser = browserPerFile({ microphone: roomWav(3) });

/**
 * A loopback cable for the page, as a musician makes one with an interface's output patched into its input: once
 * `__loopbackCable.on` is set, the microphone the page asks for is the fake device's room plus everything the page plays,
 * `CABLE_DELAY` later. The fake device alone hears nothing the page plays, and starts its file whenever it is opened, so
 * it has no fixed relation to the band; the cable gives the microphone one, as real hardware does. It taps every
 * connection to the speakers of the page's (realtime) audio context and sums them into a delay line, and mixes that with
 * the room in the same context. The app is not touched: it opens the microphone with getUserMedia as always.
 */
function installLoopbackCable(cableDelay: number): void {
  const cable = { on: false, context: null as AudioContext | null };
  (window as unknown as { __loopbackCable: typeof cable }).__loopbackCable = cable;
  const taps = new WeakMap<BaseAudioContext, DelayNode>();
  const connect = AudioNode.prototype.connect as (this: AudioNode, target: AudioNode) => AudioNode;
  const tapOf = (context: AudioContext) => {
    let tap = taps.get(context);
    if (!tap) {
      tap = context.createDelay(1);
      tap.delayTime.value = cableDelay;
      taps.set(context, tap);
    }
    return tap;
  };
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const result = (connect as (...rest: unknown[]) => AudioNode).apply(this, args);
    if (args[0] instanceof AudioDestinationNode && this.context instanceof AudioContext) {
      cable.context = this.context;
      connect.call(this, tapOf(this.context));
    }
    return result;
  } as typeof AudioNode.prototype.connect;
  const getUserMedia = MediaDevices.prototype.getUserMedia;
  MediaDevices.prototype.getUserMedia = async function (this: MediaDevices, constraints?: MediaStreamConstraints) {
    const room = await getUserMedia.call(this, constraints);
    const context = cable.context;
    if (!cable.on || !context) return room;
    const mix = context.createMediaStreamDestination();
    const roomSource = context.createMediaStreamSource(room);
    connect.call(roomSource, mix);
    connect.call(tapOf(context), mix);
    const [track] = mix.stream.getAudioTracks();
    const [roomTrack] = room.getAudioTracks();
    // The input is still the fake device, as far as the app can tell: its measurement is kept under that device's name.
    Object.defineProperty(track, 'label', { value: roomTrack!.label });
    const settings = track!.getSettings.bind(track);
    track!.getSettings = () => ({ ...settings(), deviceId: roomTrack!.getSettings().deviceId ?? '' });
    const stop = track!.stop.bind(track);
    let unplugged = false;
    track!.stop = () => {
      stop();
      if (unplugged) return;
      unplugged = true;
      roomTrack!.stop();
      roomSource.disconnect();
      tapOf(context).disconnect(mix);
    };
    return mix.stream;
  };
}

/**
 * The take's onsets, in seconds from its first sample: where its samples first rise past a tenth of the take's peak
 * after a quarter second below it (the band is a drum click, a noise burst per beat). Runs in the page, on the audio
 * the take keeps in IndexedDB (its recording's one-second chunks).
 */
async function takeOnsets(page: Page): Promise<{ onsets: number[]; sampleRate: number }> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('woodshed-takes');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const all = <T>(store: string) =>
      new Promise<T[]>((resolve, reject) => {
        const request = db.transaction(store).objectStore(store).getAll();
        request.onsuccess = () => resolve(request.result as T[]);
        request.onerror = () => reject(request.error);
      });
    const [take] = await all<{ recordingId: string; startFrame: number; frames: number; sampleRate: number }>('takes');
    const chunks = (await all<{ recordingId: string; offset: number; samples: Float32Array }>('chunks')).filter((chunk) => chunk.recordingId === take!.recordingId);
    const samples = new Float32Array(take!.frames);
    for (const chunk of chunks) {
      for (let index = 0; index < chunk.samples.length; index++) {
        const frame = chunk.offset + index - take!.startFrame;
        if (frame >= 0 && frame < samples.length) samples[frame] = chunk.samples[index]!;
      }
    }
    const peak = samples.reduce((max, sample) => Math.max(max, Math.abs(sample)), 0);
    const quiet = Math.round(0.25 * take!.sampleRate);
    const onsets: number[] = [];
    let lastLoud = -Infinity;
    samples.forEach((sample, frame) => {
      if (Math.abs(sample) < peak / 10) return;
      if (frame - lastLoud > quiet) onsets.push(frame / take!.sampleRate);
      lastLoud = frame;
    });
    return { onsets, sampleRate: take!.sampleRate };
  });
}

/** The objects in a sync push's body that carry a take's placement. */
function pushedTakes(body: string): { startSeconds: number; latencySeconds: number; tempo: number }[] {
  const rows = JSON.parse(body) as { newDocumentState: { startSeconds: number; latencySeconds: number; tempo: number } }[];
  return rows.map((row) => row.newDocumentState);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length % 2 ? sorted[sorted.length >> 1]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
};

describe('latency calibration', () => {
  it('hears no clicks from the room alone and offers tapping; through a loopback it measures the round trip, and a take recorded then lies on the band’s beats', async () => {
    const page = await browser.newPage();
    await page.addInitScript(installLoopbackCable, CABLE_DELAY);
    const problems = watchPageProblems(page);
    const songId = (await signInNewListener(page, baseUrl, 'latency')).get(lateClick.title)!;
    await openSong(page, baseUrl, songId);
    await page.getByRole('tab', { name: 'TAKES' }).click();
    const status = page.getByTestId('latency-status');
    expect(await status.getAttribute('data-measured')).toBe('false');
    expect(await status.innerText()).toContain('Latency not measured');

    // The fake microphone alone (the room) never hears the clicks.
    await page.getByRole('button', { name: 'Calibrate latency' }).click();
    await page.getByRole('alert').getByText('No clicks were heard back', { exact: false }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Tap along instead' }).waitFor();
    expect(await status.getAttribute('data-measured')).toBe('false');

    // With the cable in, the clicks come back: the round trip is the cable's plus the browser's own path.
    await page.evaluate(() => {
      (window as unknown as { __loopbackCable: { on: boolean } }).__loopbackCable.on = true;
    });
    await page.getByRole('button', { name: 'Calibrate latency' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="latency-status"]')?.getAttribute('data-measured') === 'true', undefined, { timeout: 20_000 });
    const measured = Number(await status.getAttribute('data-seconds'));
    expect(measured).toBeGreaterThan(CABLE_DELAY);
    expect(measured).toBeLessThan(CABLE_DELAY + 0.2);
    expect(await status.innerText()).toMatch(/Latency \d+\.\d ms, measured by clicks heard back with /);
    const reported = await page.evaluate(() => {
      const context = (window as unknown as { __loopbackCable: { context: AudioContext } }).__loopbackCable.context;
      return (context.baseLatency || 0) + (context.outputLatency || 0);
    });
    await saveScreenshot(page, 'player-latency-measured');

    // A take over the band's last four seconds: eight drum beats, at 8.2 s, 8.7 s, ... 11.7 s of the song.
    const pushed = page.waitForRequest((request) => request.url().endsWith('/api/sync/takes/push') && request.method() === 'POST');
    await page.getByRole('slider', { name: 'Seek' }).fill('8');
    await page.getByRole('button', { name: 'Record a take' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="recording-status"]')?.getAttribute('data-status') === 'recording');
    await page.waitForFunction(() => document.querySelector('[data-testid="player-body"]')?.getAttribute('data-playing') === 'false', undefined, { timeout: 20_000 });
    await page.getByTestId('take').waitFor();
    const [placement] = pushedTakes((await pushed).postData() ?? '[]');
    expect(placement!.latencySeconds).toBe(measured);
    expect(placement!.tempo).toBe(1);

    const { onsets } = await takeOnsets(page);
    const errors = onsets.map((onset) => {
      const songSeconds = placement!.startSeconds + onset;
      const beat = Math.round((songSeconds - lateClick.firstBeat) / 0.5);
      return (songSeconds - (lateClick.firstBeat + beat * 0.5)) * 1000;
    });
    const absolute = errors.map(Math.abs);
    console.info(
      `latency calibration: measured ${(measured * 1000).toFixed(2)} ms (cable ${CABLE_DELAY * 1000} ms, browser reports ${(reported * 1000).toFixed(2)} ms); ` +
        `take onsets ${onsets.length}, error median ${median(absolute).toFixed(3)} ms, max ${Math.max(...absolute).toFixed(3)} ms ` +
        `(signed: ${errors.map((error) => error.toFixed(3)).join(', ')}); placed by the browser's figure they would be ${((measured - reported) * 1000).toFixed(2)} ms late`,
    );
    expect(onsets.length).toBeGreaterThanOrEqual(7);
    expect(Math.max(...absolute)).toBeLessThanOrEqual(2);
    expect(problems).toEqual([]);
  }, 150_000);
});
