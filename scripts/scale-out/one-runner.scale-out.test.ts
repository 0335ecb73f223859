import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config/env';
import { appendEvent, queuedCampaignMail } from '../../api/features/campaigns/testing/campaign-fixtures';
import { jobLockKey, runnerLockKey } from '../../projections/runtime/lock-keys';
import { projections } from '../../projections/registry';
import { repositoryRoot } from '../app/repository-root';
import { type ClusterDatabase, cluster, control, eventually, lockHolder, openClusterDatabase, signedInUser } from './testing/cluster-client';

const recipients = 30;

/** Every projection's runner lock and the campaign sender's: what one active runner holds. */
async function runnerKeys(database: ClusterDatabase): Promise<string[]> {
  return [...(await Promise.all(projections.map((projection) => runnerLockKey(database.sql, projection.name)))), await jobLockKey(database.sql, 'campaign-sender')];
}

/** `npm run replay -- --all --dry-run` on the cluster's database: its output (it compares every table with the live one). */
function dryRunReplay(): Promise<{ code: number | null; output: string }> {
  const { databaseUrl, databaseSchema, authSecret, publicUrl } = cluster();
  // The operator's command runs with the app's environment (docs/operations.md).
  const appEnv = { NODE_ENV: 'production', DATABASE_URL: databaseUrl, DATABASE_SCHEMA: databaseSchema, AUTH_SECRET: authSecret, PUBLIC_URL: publicUrl, ALLOW_HTTP_IN_PRODUCTION: 'true', ALLOW_CONSOLE_EMAIL_IN_PRODUCTION: 'true' };
  return new Promise((resolve, reject) => {
    const child = spawn('nice', ['-n', '19', process.execPath, '--import', 'tsx', 'scripts/replay.ts', '--all', '--dry-run'], {
      cwd: repositoryRoot,
      env: { ...process.env, ...appEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('one runner across processes', () => {
  let database: ClusterDatabase;
  beforeAll(async () => {
    database = await openClusterDatabase();
  });
  afterAll(async () => {
    // The standby worker of the next files: worker-1 starts again (and stands by now).
    await control('restart', 'worker-1');
    await database?.close();
  });

  it('SIGKILL of the active worker: another process takes over the projections and the campaign sender, mails each recipient once, and the read models equal a replay', async () => {
    const { proxyUrl, publicUrl, authSecret } = cluster();
    const keys = await runnerKeys(database);
    // The first worker started first and holds every runner lock.
    for (const key of keys) expect(await lockHolder(database, key), key).toBe('woodshed-worker-1');

    // Members to mail, registered as sign-ups record them, then a campaign to all of them.
    const firstId = 1_000_000 + randomInt(1_000_000) * 100;
    const emails = Array.from({ length: recipients }, (_, index) => `member-${firstId + index}@scale-out.test`);
    for (const [index, email] of emails.entries()) await appendEvent(database.store, `user-${firstId + index}`, 'UserRegistered', { userId: firstId + index, email }, new Date());
    const admin = await signedInUser(database, 'admin', { email: 'admin@scale-out.test' });
    await eventually('the members in the users read model', async () => {
      const { rows } = await database.sql.query<{ count: string }>('SELECT count(*) AS count FROM users WHERE user_id >= $1 AND user_id < $2', [firstId, firstId + recipients]);
      return Number(rows[0]!.count) === recipients ? true : undefined;
    });
    const created = await fetch(`${proxyUrl}/api/admin/email-campaigns`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'Scale-out', htmlBody: '<p>Scale-out</p>', textBody: 'Scale-out', targetAudience: 'all' }),
    });
    const campaign = (await created.json()) as { id: number; totalRecipients: number; status: string };
    expect(created.status).toBe(201);
    expect(campaign.status).toBe('pending');

    // Before its first batch is due (CAMPAIGN_START_DELAY_SECONDS=5), the active worker dies.
    await control('kill', 'worker-1');
    const completed = await eventually(
      'the campaign sent by a standby',
      async () => {
        const { rows } = await database.sql.query<{ state: string }>('SELECT state FROM campaign_schedule WHERE campaign_id = $1', [campaign.id]);
        return rows[0]?.state === 'completed' ? rows[0] : undefined;
      },
      60_000,
    );
    expect(completed.state).toBe('completed');
    const holders = await Promise.all(keys.map((key) => lockHolder(database, key)));
    console.log(`runner locks after the kill: ${[...new Set(holders)].join(', ')}`);
    for (const [index, holder] of holders.entries()) expect(holder, keys[index]).toMatch(/^woodshed-(worker-2|api-\d+)$/);

    // Each recipient exactly once: one decision, one message.
    const config = { ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: publicUrl }), authSecret };
    const mail = (await queuedCampaignMail(database.sql, { config })).filter((message) => message.campaignId === campaign.id);
    const { rows: sends } = await database.sql.query<{ user_id: number; decisions: string }>(
      'SELECT user_id, count(*) AS decisions FROM campaign_sends WHERE campaign_id = $1 GROUP BY user_id',
      [campaign.id],
    );
    const all = campaign.totalRecipients;
    expect(all).toBeGreaterThanOrEqual(recipients);
    expect(sends).toHaveLength(all);
    expect(sends.every((row) => Number(row.decisions) === 1)).toBe(true);
    expect(mail).toHaveLength(all);
    expect(new Set(mail.map((message) => message.to)).size).toBe(all);
    for (const email of emails) expect(mail.filter((message) => message.to === email), email).toHaveLength(1);

    // Every read model the standbys went on with is what a replay of the log builds.
    const replay = await dryRunReplay();
    expect(replay.code, replay.output).toBe(0);
    const comparisons = replay.output.split('\n').filter((line) => / rows live, \d+ rebuilt/.test(line));
    expect(comparisons.length).toBeGreaterThan(projections.length);
    expect(comparisons.filter((line) => !line.endsWith('identical')), replay.output).toEqual([]);
  });
});
