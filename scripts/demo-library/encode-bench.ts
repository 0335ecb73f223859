/** `npx tsx scripts/demo-library/encode-bench.ts [runs=3]`: seconds of MP3 encoding per minute of one mono stem (docs/benchmarks.md). */
import { generateSong } from './generate-song';
import { stemNames } from './mixdown';
import { encodeMp3 } from './mp3-encode';
import { stemBitrates } from './song-folder';
import { songPlans } from './song-plans';
import { sampleRate } from './synth/track';
import { median } from '../bench/run-summary';

const runs = Number(process.argv[2] ?? 3);
const song = generateSong(songPlans[0]!, 'bench');
const stemMinutes = stemNames.reduce((sum, name) => sum + song.stems[name].length / sampleRate / 60, 0);
// The first call loads and compiles the encoder: not part of the figure.
await encodeMp3([song.stems.drums.subarray(0, sampleRate)], 96);
const perMinute: number[] = [];
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  for (const name of stemNames) await encodeMp3([song.stems[name]], stemBitrates[name]);
  perMinute.push((performance.now() - started) / 1000 / stemMinutes);
}
console.log(`${stemMinutes.toFixed(2)} stem-minutes a run; s per stem-minute: median ${median(perMinute).toFixed(3)}, runs ${perMinute.map((value) => value.toFixed(3)).join(' ')}`);
