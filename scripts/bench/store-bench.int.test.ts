import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatBenchReport } from './bench-report';
import { writeBenchResult } from './bench-result-file';
import { type BenchSettings, quickSettings } from './bench-settings';
import { runStoreBench } from './run-store-bench';

// Tiny sizes and one run per figure (the median of several is run-summary.unit.test.ts's business):
// this checks that every part of the bench runs and that its correctness checks hold, not how fast
// anything is (no timing assertions).
const tiny: BenchSettings = {
  runs: 1,
  appends: { concurrency: [4], baselineConcurrency: 4, warmupMs: 200, durationMs: 500 },
  rebuild: { events: 3_000, users: 40, pageSize: 500, barePageSize: 500 },
};
const serverUrl = process.env.DATABASE_URL;

describe(`store bench (PGlite${serverUrl ? ' and the PostgreSQL server' : ''})`, () => {
  it('measures appends and rebuilds, checks the read model and writes every run', async () => {
    const result = await runStoreBench({ settings: tiny, mode: 'test', pgliteLocation: 'memory', ...(serverUrl ? { serverUrl } : {}) });

    const labels = result.appends!.figures.map((figure) => `${figure.label} x${figure.appenders}`);
    expect(labels).toContain('woodshed (pglite, memory) x4');
    for (const figure of result.appends!.figures) {
      expect(figure.runs).toHaveLength(1);
      expect(figure.eventsPerSecond.median).toBeGreaterThan(0);
      expect(figure.eventsPerSecond.min).toBeGreaterThanOrEqual(0);
      expect(figure.eventsPerSecond.min).toBeLessThanOrEqual(figure.eventsPerSecond.median);
      expect(figure.eventsPerSecond.median).toBeLessThanOrEqual(figure.eventsPerSecond.max);
    }

    expect(result.rebuild!.map((figure) => figure.backend)).toEqual(serverUrl ? ['pglite, memory', 'server'] : ['pglite, memory']);
    for (const figure of result.rebuild!) {
      expect(figure.correct).toBe(true);
      expect(figure.seed).toMatchObject({ events: 3_000, users: 40 });
      expect(figure.rebuild.runs.map((run) => run.events)).toEqual([3_000]);
      expect(figure.bare.runs.map((run) => run.events)).toEqual([3_000]);
      expect(figure.rebuild.eventsPerSecond.median).toBeGreaterThan(0);
      expect(figure.oursOverBare).toBeGreaterThan(0);
      expect(figure.readModels.map((model) => model.projection)).toEqual(['admin-usage', 'credits']);
      for (const model of figure.readModels) expect(model.runs.map((run) => run.events)).toEqual([3_000]);
    }

    if (serverUrl) {
      expect(labels).toEqual(expect.arrayContaining(['woodshed (server) x4', 'raw INSERT, 1 commit each (server) x4', 'emmett-postgresql (peer, default pool) x4']));
      expect(result.appends!.ratios!.oursOverRaw).toBeGreaterThan(0);
      expect(result.appends!.ratios!.oursOverPeer).toBeGreaterThan(0);
      expect(result.targets.every((check) => check.measured !== undefined && check.measured > 0)).toBe(true);
    } else {
      expect(result.appends!.ratios).toBeUndefined();
      expect(result.targets.find((check) => check.name === 'rebuild events/s, pglite')!.measured).toBeGreaterThan(0);
    }

    const report = formatBenchReport(result);
    expect(report).toContain('woodshed (pglite, memory)');
    expect(report).toContain('totals match seed');
    const directory = await mkdtemp(join(tmpdir(), 'woodshed-bench-results-'));
    try {
      const path = await writeBenchResult('store', result, directory);
      expect(path).toMatch(/store-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/);
      expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(JSON.parse(JSON.stringify(result)));
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
    // About 20 s on an idle 2-core machine, most of it starting PGlite twice; room for a busy one.
  }, 120_000);

  it('has quick settings that keep the full shape at smaller sizes', () => {
    expect(quickSettings.appends.concurrency).toEqual([1, 16, 64]);
    expect(quickSettings.rebuild.events).toBeLessThan(1_000_000);
  });
});
