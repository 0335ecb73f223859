/** `npm run bench:practice`: the practice audio engine in headless Chromium, on generated stems (targets and figures: docs/benchmarks.md). */
import { loadavg } from 'node:os';
import { launchBrowser } from '../../client/e2e/browser';
import { servePracticeAudioPage, wavBytes } from '../../client/e2e/practice-audio-page';
import { type LiveGraphKind, decodeBenchStems, measureTempoChanges, timeLiveGraph, timeRenderMix } from '../../client/e2e/practice-bench-measure';
import { parseCommandLine } from '../ops/parse-command-line';
import { PAUSED, measurePlayerMainThread } from './practice-player-share';
import { type OfflineRecordingRun, type RecordingRun, measureLiveRecording } from './practice-recording';
import { writeBenchResult } from './bench-result-file';
import { median } from './run-summary';

const SAMPLE_RATE = 48_000;

/** A stem with content across the spectrum: two detuned tones, a slow tremolo and some noise. */
function stemSamples(index: number, seconds: number): Float32Array {
  const samples = new Float32Array(seconds * SAMPLE_RATE);
  const hz = 110 * 2 ** (index / 2);
  for (let sample = 0; sample < samples.length; sample++) {
    const time = sample / SAMPLE_RATE;
    const tremolo = 0.6 + 0.4 * Math.sin(2 * Math.PI * 0.5 * time);
    samples[sample] = 0.25 * tremolo * (Math.sin(2 * Math.PI * hz * time) + 0.5 * Math.sin(2 * Math.PI * hz * 1.503 * time)) + 0.02 * (Math.random() - 0.5);
  }
  return samples;
}

/** CPU seconds of each lane of the export's stretch, in Node with the browser workers' code: load does not inflate CPU time. */
async function laneCpuSeconds(samples: readonly Float32Array[], tempo: number, transpose: number, workers: number): Promise<number[]> {
  const { exportLanes } = await import('../../client/src/lib/audio/export-lanes');
  const { stretchLane } = await import('../../client/src/lib/audio/stretch-lane');
  const stems = samples.map((channel, index) => ({ channel, drums: index === samples.length - 1, channels: 1 }));
  const length = Math.ceil(samples[0]!.length / tempo);
  const seconds: number[] = [];
  for (const groups of exportLanes(stems, workers)) {
    const request = {
      sampleRate: SAMPLE_RATE,
      groups: groups.map((members) => ({ semitones: members[0]!.drums ? 0 : transpose, stems: members.map((member) => ({ channels: [member.channel.slice()], gain: 1 })) })),
      rate: tempo,
      from: 0,
      loop: null,
      length,
    };
    const before = process.cpuUsage();
    await stretchLane(request);
    const used = process.cpuUsage(before);
    seconds.push((used.user + used.system) / 1e6);
  }
  return seconds;
}

/** The recording figures: medians of each run's ratio, on against off in the same run. */
function recordingFigureLines(offline: OfflineRecordingRun[], live: RecordingRun[]): string[] {
  const ratios = (on: readonly number[], off: readonly number[]) => on.map((value, run) => value / off[run]!);
  const verdict = (value: number, target: number) => (value <= target ? 'met' : 'MISSED');
  const liveRatio = median(ratios(live.map((run) => run.onShare), live.map((run) => run.offShare)));
  const pcm = live.map((run) => run.pcmBytes);
  const rssOverPcm = median(live.map((run) => run.rssGrowthBytes / run.pcmBytes));
  const heapOverPcm = median(live.map((run) => run.heapGrowthBytes / run.pcmBytes));
  // The PCM a 10-minute take is, as the recorder stores it: mono 32-bit floats at the stems' rate.
  const tenMinutes = 600 * SAMPLE_RATE * 4;
  const held = Math.max(rssOverPcm, heapOverPcm, 0);
  return [
    ...(['plain', 'stretch'] as const).map((kind) => {
      const runsOf = offline.filter((run) => run.kind === kind);
      const value = median(ratios(runsOf.map((run) => run.onCpu), runsOf.map((run) => run.offCpu)));
      const wall = median(ratios(runsOf.map((run) => run.onWall), runsOf.map((run) => run.offWall)));
      return (
        `audio-thread load recording over not (offline render of 30 s through ${kind}, the audio threads' CPU): median ${value.toFixed(2)}x ` +
        `(${median(runsOf.map((run) => run.offCpu)).toFixed(2)} s -> ${median(runsOf.map((run) => run.onCpu)).toFixed(2)} s; wall time ${wall.toFixed(2)}x; target <= ${recordingLoadTarget}x) ${verdict(value, recordingLoadTarget)}`
      );
    }),
    `audio-thread load recording over not (live, the renderer's audio threads): median ${liveRatio.toFixed(2)}x (${(median(live.map((run) => run.offShare)) * 100).toFixed(2)}% -> ${(median(live.map((run) => run.onShare)) * 100).toFixed(2)}% of one core; target <= ${recordingLoadTarget}x) ${verdict(liveRatio, recordingLoadTarget)}`,
    `take memory: the tab grew a median ${(rssOverPcm * 100).toFixed(1)}% (renderers' RSS) and ${(heapOverPcm * 100).toFixed(1)}% (JS heap) of the ${(median(pcm) / 1e6).toFixed(1)} MB of PCM recorded meanwhile (written to IndexedDB as it came); ` +
      `a 10-minute take (${(tenMinutes / 1e6).toFixed(0)} MB of PCM) holds about ${((held * tenMinutes) / 1e6).toFixed(1)} MB in the tab, ${held.toFixed(2)}x its PCM (target <= ${takeMemoryTarget}x) ${verdict(held, takeMemoryTarget)}`,
  ];
}

const usage = `Usage: npm run bench:practice -- [--runs 3] [--stems 6] [--minutes 3] [--play-seconds 10] [--record-seconds 20] [--recording-only]
  --play-seconds    seconds of playback in the player per main-thread sample (the demo song: six stems)
  --record-seconds  seconds of live playback per phase, recording off then on (shorter than the stems)
  --recording-only  only the recording figures (audio-thread load on against off, the take's memory)`;
const { values: options } = parseCommandLine(
  {
    args: process.argv.slice(2),
    options: { runs: { type: 'string', default: '3' }, stems: { type: 'string', default: '6' }, minutes: { type: 'string', default: '3' }, 'play-seconds': { type: 'string', default: '10' },
      'record-seconds': { type: 'string', default: '20' },
      'recording-only': { type: 'boolean', default: false },
    },
  },
  usage,
);
const runs = Number(options.runs);
const stemCount = Number(options.stems);
const seconds = Math.round(Number(options.minutes) * 60);
const playSeconds = Number(options['play-seconds']);
const recordSeconds = Number(options['record-seconds']);
const recordingOnly = options['recording-only'] === true;
if (!(recordSeconds > 0 && recordSeconds + 2 < seconds)) throw new RangeError(`--record-seconds must be positive and shorter than the stems (${seconds} s)`);
/** The main thread's CPU (thread time, not wall time) while the player plays at 1x, as a share of one core. */
const mainThreadTarget = 0.25;
/** The audio thread's load with a take recording over without, and the memory a take holds over its PCM. */
const recordingLoadTarget = 1.2;
const takeMemoryTarget = 1.1;
const startedAt = new Date().toISOString();

const ids = Array.from({ length: stemCount }, (_, index) => `stem-${index}.wav`);
console.error(`generating ${stemCount} stems of ${seconds} s...`);
const stemAudio = ids.map((_, index) => stemSamples(index, seconds));
const served = await servePracticeAudioPage(Object.fromEntries(ids.map((id, index) => [id, wavBytes(stemAudio[index]!, SAMPLE_RATE)])), { withEngine: true, withRecorder: true });
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  await page.goto(served.url);

  // A take recording against none in the same browser, interleaved so the machine's load reaches both alike:
  // offline (the bench's audio-thread measure) and live (the real output clock, Chromium's fake microphone).
  const { offline: recordingCpu, live } = await measureLiveRecording({
    url: served.url,
    ids,
    microphone: stemAudio[0]!.subarray(0, 10 * SAMPLE_RATE),
    sampleRate: SAMPLE_RATE,
    runs,
    seconds: recordSeconds,
    log: (line) => console.error(line),
  });
  const recordingLines = recordingFigureLines(recordingCpu, live);
  if (recordingOnly) {
    console.log(recordingLines.join('\n'));
    const file = await writeBenchResult('practice', { startedAt, settings: { runs, stems: stemCount, seconds, recordSeconds, recordingOnly }, loadAverage: loadavg(), recording: { offline: recordingCpu, live } });
    console.error(`every figure in ${file}`);
  } else {
    await decodeBenchStems(page, ids, SAMPLE_RATE);
    // Interleaved, so the machine's load reaches each kind of graph alike.
    const graphs: LiveGraphKind[] = ['stretch', 'plain', 'plain, stretch idle'];
    const graphCpu = new Map<LiveGraphKind, number[]>(graphs.map((kind) => [kind, []]));
    for (let run = 0; run < runs; run++) {
      for (const kind of graphs) {
        const share = (await timeLiveGraph(page, 30, kind)) / 30;
        graphCpu.get(kind)!.push(share);
        console.error(`run ${run + 1}: CPU ${(share * 100).toFixed(1)}% of one core at 1x through ${kind} (30 s of ${stemCount} stems, load ${loadavg()[0]!.toFixed(1)})`);
      }
    }
    const cpu = graphCpu.get('stretch')!;
    const exportCases = [
      { label: '1x', tempo: 1, transpose: 0, walls: [] as number[], loads: [] as number[] },
      { label: '0.7x +2 semitones', tempo: 0.7, transpose: 2, walls: [] as number[], loads: [] as number[] },
    ];
    for (const mix of exportCases) {
      for (let run = 0; run < runs; run++) {
        const load = loadavg()[0]!;
        const wall = await timeRenderMix(page, null, mix);
        mix.walls.push(wall);
        mix.loads.push(load);
        console.error(`run ${run + 1}: export of ${seconds} s x ${stemCount} stems at ${mix.label} in ${wall.toFixed(1)} s (load ${load.toFixed(1)})`);
      }
    }
    const changes = await measureTempoChanges(page, ids, Math.max(5, runs));
    console.error(`live playback: ${changes[0]?.playedBefore.toFixed(3)} song seconds played in the first second`);
    for (const change of changes) {
      console.error(
        `tempo change: audio thread had it after ${change.ackMs.toFixed(1)} ms, heard after ${change.heardMs.toFixed(1)} ms; position moved ${(change.moved * 1000).toFixed(1)} ms in ${(change.elapsed * 1000).toFixed(1)} ms`,
      );
    }

    const laneCpu = await laneCpuSeconds(stemAudio, 0.7, 2, 2);
    console.error(`export stretch at 0.7x +2 in Node: ${laneCpu.map((value, lane) => `lane ${lane + 1} ${value.toFixed(2)} s of CPU`).join(', ')}`);

    const playing = await measurePlayerMainThread({ runs, seconds: playSeconds, profileSeconds: 5, log: (line) => console.error(line) });
    const [atOne] = playing;
    const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

    const lines = [
      `machine: load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`,
      `audio-thread CPU at 1x, ${stemCount} stems, through the stretch nodes: median ${(median(cpu) * 100).toFixed(1)}% of one core (target < 25%) ${median(cpu) < 0.25 ? 'met' : 'MISSED'}`,
      `audio-thread CPU at 1x through the plain players: median ${(median(graphCpu.get('plain')!) * 100).toFixed(1)}%; plain players with the stretch nodes built and idle (back at 100%): median ${(median(graphCpu.get('plain, stretch idle')!) * 100).toFixed(1)}%`,
      `tempo change while playing: median ${median(changes.map((change) => change.heardMs)).toFixed(1)} ms until heard (target < 100 ms) ${median(changes.map((change) => change.heardMs)) < 100 ? 'met' : 'MISSED'}; position never jumped: ${changes.every((change) => !change.positionJumped)}`,
      ...exportCases.map(
        (mix) =>
          `export of ${seconds} s x ${stemCount} stems at ${mix.label}: median ${median(mix.walls).toFixed(1)} s (target <= 10 s) ${median(mix.walls) <= 10 ? 'met' : 'MISSED'} (load ${Math.min(...mix.loads).toFixed(1)}-${Math.max(...mix.loads).toFixed(1)})`,
      ),
      `export stretch at 0.7x +2, CPU of its busiest lane of 2 (Node, the same module; the export's floor with a free core per lane): ${Math.max(...laneCpu).toFixed(1)} s`,
      ...playing.map(
        (played) =>
          `main thread while the player ${played.label === PAUSED ? 'is paused' : `plays at ${played.label}`}: median busy ${percent(median(played.runs.map((run) => run.share)))} of the wall time, CPU ${percent(median(played.runs.map((run) => run.cpuShare)))} of one core over ${playSeconds} s` +
          (played === atOne ? ` (target: CPU < ${mainThreadTarget * 100}% of one core at 1x) ${median(played.runs.map((run) => run.cpuShare)) < mainThreadTarget ? 'met' : 'MISSED'}` : '') +
          ` (load ${Math.min(...played.loads).toFixed(1)}-${Math.max(...played.loads).toFixed(1)}); top self time: ` +
          played.profile.map((entry) => `${entry.functionName}${entry.location ? ` ${entry.location}` : ''} ${percent(entry.share)}`).join(', '),
      ),
    ];
    console.log([...lines, ...recordingLines].join('\n'));
    const file = await writeBenchResult('practice', {
      startedAt,
      settings: { runs, stems: stemCount, seconds, playSeconds, recordSeconds },
      recording: { offline: recordingCpu, live },
      loadAverage: loadavg(),
      audioThreadCpu: Object.fromEntries(graphCpu),
      tempoChanges: changes,
      exports: exportCases,
      exportLaneCpuSeconds: laneCpu,
      mainThreadWhilePlaying: { targetAt1x: mainThreadTarget, cases: playing },
    });
    console.error(`every figure in ${file}`);
  }
} finally {
  await browser.close();
  served.server.close();
}
