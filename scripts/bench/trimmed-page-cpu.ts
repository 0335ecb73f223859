/**
 * `npx tsx scripts/bench/trimmed-page-cpu.ts [--samples N]`: Node's CPU per event of a rebuild's
 * work on one trimmed page, in isolation: a page of 10,000 `StemStreamed` events as the server's
 * text (`read-log-trimmed.ts`), parsed, validated and folded by `usage-bytes-per-user`, ten
 * times a sample; CPU time per event of each step (garbage collection included), medians.
 */
import { parseArgs } from 'node:util';
import { parseTrimmedEvents } from '../../events/store/postgres/read-log-trimmed';
import { compileTrimmedReads } from '../../projections/runtime/trimmed-reads';
import { usageBytesPerUser } from '../../projections/usage-bytes-per-user/usage-bytes-per-user-projection';
import { median } from './run-summary';

const { values } = parseArgs({ options: { samples: { type: 'string', default: '15' } } });
const samples = Number(values.samples);
const pageSize = 10_000;
const trimmed = compileTrimmedReads(usageBytesPerUser)!;
const types = usageBytesPerUser.eventTypes;

/** A page as the server sends it: the JSON values of each event, each read field (all three never null) as its value. */
function pageText(first: number): string {
  const rows: string[] = [];
  for (let index = 0; index < pageSize; index++) {
    const position = first + index;
    const at = new Date(Date.UTC(2026, 0, 1) + position * 1000).toISOString();
    rows.push(`${1000 + Math.floor(position / 7)},${position},2,1,${1 + (position % 10_000)},${(position * 7919) % 5_000_000},"${at}"`);
  }
  return rows.join(',\n');
}

const texts = [pageText(1), pageText(1 + pageSize)];
const steps: Record<string, (text: string) => unknown> = {
  'JSON.parse': (text) => JSON.parse(`[${text}]`),
  parseTrimmedEvents: (text) => parseTrimmedEvents(text, types, trimmed.reads),
  'parse + validate': (text) => trimmed.decode(parseTrimmedEvents(text, types, trimmed.reads)),
  'parse + validate + fold': (text) => usageBytesPerUser.fold(trimmed.decode(parseTrimmedEvents(text, types, trimmed.reads))),
};
const figures = new Map<string, number[]>(Object.keys(steps).map((name) => [name, []]));
for (let sample = 0; sample < samples; sample++) {
  for (const [name, step] of Object.entries(steps)) {
    const cpu = process.cpuUsage();
    for (let round = 0; round < 10; round++) step(texts[round % 2]!);
    const used = process.cpuUsage(cpu);
    figures.get(name)!.push((used.user + used.system) / (10 * pageSize));
  }
}
for (const [name, micros] of figures) console.log(`${name}: ${median(micros).toFixed(2)} µs/event (min ${Math.min(...micros).toFixed(2)})`);
