import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlClient } from '../../events/store/postgres/sql-client';
import { availableSqlClients } from '../../events/store/testing/test-sql-clients';
import { jobLockKey } from '../../projections/runtime/lock-keys';
import type { BackgroundJob } from './background-job';
import { runBackgroundJobs } from './run-background-jobs';

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A job that records which instance runs it, until aborted. */
function recordingJob(instance: string, log: { running: string[]; maxConcurrent: number; starts: string[] }): BackgroundJob {
  return {
    name: 'test-sender',
    async run(signal) {
      log.starts.push(instance);
      log.running.push(instance);
      log.maxConcurrent = Math.max(log.maxConcurrent, log.running.length);
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
      log.running.splice(log.running.indexOf(instance), 1);
    },
  };
}

for (const candidate of availableSqlClients()) {
  describe(`background jobs on ${candidate.name}`, () => {
    let sql: SqlClient;
    beforeAll(async () => {
      sql = await candidate.open();
    });
    afterAll(() => sql?.close());

    it('runs one instance of a job at a time and hands over when the active one stops', async () => {
      const log = { running: [] as string[], maxConcurrent: 0, starts: [] as string[] };
      const logger = pino({ level: 'silent' });
      const first = runBackgroundJobs({ jobs: [recordingJob('first', log)], sql, logger, retryDelayMs: 30 });
      await until(() => log.running.length === 1);
      const second = runBackgroundJobs({ jobs: [recordingJob('second', log)], sql, logger, retryDelayMs: 30, takeoverDelayMs: 50 });
      // Give the standby several lock attempts: it must keep standing by.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(log.starts).toEqual(['first']);

      await first.stop();
      await until(() => log.running.includes('second'));
      await second.stop();
      expect(log.starts).toEqual(['first', 'second']);
      expect(log.maxConcurrent).toBe(1);
      expect(log.running).toEqual([]);
    });

    it('restarts a job that fails', async () => {
      let attempts = 0;
      const flaky: BackgroundJob = {
        name: 'test-flaky',
        async run(signal) {
          attempts += 1;
          if (attempts < 3) throw new Error('SES throttled');
          await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
        },
      };
      const jobs = runBackgroundJobs({ jobs: [flaky], sql, logger: pino({ level: 'silent' }), retryDelayMs: 20 });
      await until(() => attempts === 3);
      await jobs.stop();
      expect(attempts).toBe(3);
    });
  });
}

// Only a server has lock sessions an operator (or a network cut) can end; PGlite's locks live in
// the process itself.
for (const candidate of availableSqlClients().filter((client) => client.name === 'postgres')) {
  describe(`background jobs whose lock session dies on ${candidate.name}`, () => {
    let sql: SqlClient;
    beforeAll(async () => {
      sql = await candidate.open();
    });
    afterAll(() => sql?.close());

    it('stops a job whose lock session dies, and one instance starts it again once that has stopped', async () => {
      const log = { running: [] as string[], maxConcurrent: 0, starts: [] as string[] };
      const logger = pino({ level: 'silent' });
      // The killed holder learns of it from its socket, which under load can take a while, while a
      // standby retrying every 30 ms may get the lock at once; so may the killed holder itself,
      // once it has noticed. Whoever gets it waits before starting.
      const timing = { retryDelayMs: 30, takeoverDelayMs: 1_500 };
      const first = runBackgroundJobs({ jobs: [recordingJob('first', log)], sql, logger, ...timing });
      await until(() => log.running.length === 1);
      const second = runBackgroundJobs({ jobs: [recordingJob('second', log)], sql, logger, ...timing });
      // The lock's own session, as an operator or a network cut would end it.
      const { rows } = await sql.query<{ pid: number }>(
        "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid::bigint = (hashtext($1)::bigint & 4294967295)",
        [await jobLockKey(sql, 'test-sender')],
      );
      expect(rows).toHaveLength(1);
      await sql.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
      await until(() => log.starts.length === 2 && log.running.length === 1);
      expect(log.maxConcurrent).toBe(1);
      await first.stop();
      await second.stop();
      expect(log.running).toEqual([]);
      expect(log.starts).toHaveLength(2);
    });

    it('runs a job once per schema: a deployment in another schema of the database runs its own', async () => {
      const other = await candidate.open();
      try {
        const log = { running: [] as string[], maxConcurrent: 0, starts: [] as string[] };
        const logger = pino({ level: 'silent' });
        const here = runBackgroundJobs({ jobs: [recordingJob('here', log)], sql, logger, retryDelayMs: 30 });
        const there = runBackgroundJobs({ jobs: [recordingJob('there', log)], sql: other, logger, retryDelayMs: 30 });
        await until(() => log.running.length === 2);
        await here.stop();
        await there.stop();
        expect(log.starts.sort()).toEqual(['here', 'there']);
      } finally {
        await other.close();
      }
    });
  });
}
