import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, inject } from 'vitest';
import type { Song } from '../../../contract/song';
import { openPgSqlClient } from '../../../events/store/postgres/pg-sql-client';
import { createPostgresEventStore } from '../../../events/store/postgres/postgres-event-store';
import type { SqlClient } from '../../../events/store/postgres/sql-client';
import type { EventStore } from '../../../events/store/event-store';
import { advisoryLockHolder } from '../../../projections/runtime/advisory-lock-holder';
import type { ClusterDescription } from '../cluster-description';
import { type ClusterUser, signInDirectly } from '../cluster-session';

export type { ClusterUser };

/** The running rehearsal, as its global setup described it. */
export function cluster(): ClusterDescription {
  return inject('scaleOutCluster');
}

/** The rehearsal's database, as every process sees it: its tables and its event log. */
export interface ClusterDatabase {
  sql: SqlClient;
  store: EventStore;
  close(): Promise<void>;
}

export async function openClusterDatabase(description = cluster()): Promise<ClusterDatabase> {
  const sql = await openPgSqlClient({ connectionString: description.databaseUrl, schema: description.databaseSchema, max: 4 });
  const store = await createPostgresEventStore(sql);
  return {
    sql,
    store,
    async close() {
      await store.close();
      await sql.close();
    },
  };
}

/** The cluster's database for a describe block: opened before its tests (and its own beforeAll hooks), closed after them. */
export function clusterDatabasePerSuite(): ClusterDatabase {
  const opened = {} as ClusterDatabase;
  beforeAll(async () => {
    Object.assign(opened, await openClusterDatabase());
  });
  afterAll(async () => {
    await opened.close?.();
  });
  return opened;
}

/** A new account with a session on the running rehearsal (`signInDirectly`). */
export function signedInUser(database: ClusterDatabase, label: string, options: { email?: string } = {}, description = cluster()): Promise<ClusterUser> {
  return signInDirectly(database.sql, description, label, options);
}

/** GET /api/songs as `user`, through `baseUrl`. */
export async function songsOf(baseUrl: string, user: ClusterUser): Promise<Song[]> {
  const response = await fetch(`${baseUrl}/api/songs`, { headers: user.headers });
  if (response.status !== 200) throw new Error(`GET /api/songs answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Song[];
}

/** Polls `probe` until it answers something other than undefined, or throws after `timeoutMs`. */
export async function eventually<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Asks the rehearsal to restart (SIGTERM, then start again on the same port) or SIGKILL one of its processes. */
export async function control(action: 'restart' | 'kill', name: string, description = cluster()): Promise<Record<string, number>> {
  const response = await fetch(`${description.controlUrl}/${action}/${name}`, { method: 'POST' });
  const body = (await response.json()) as Record<string, number> & { error?: string };
  if (response.status !== 200) throw new Error(`${action} ${name}: ${body.error ?? response.status}`);
  return body;
}

/** The PostgreSQL application name (`woodshed-<process>`) of the session holding advisory lock `key`, or null. */
export async function lockHolder(database: ClusterDatabase, key: string): Promise<string | null> {
  const pid = await advisoryLockHolder(database.sql, key);
  if (pid === null) return null;
  const { rows } = await database.sql.query<{ application_name: string }>('SELECT application_name FROM pg_stat_activity WHERE pid = $1', [pid]);
  return rows[0]?.application_name ?? null;
}

/** One line of nginx's access log in deploy/nginx.conf's format. */
export interface ProxyLogLine {
  request: string;
  status: number;
  /** Every upstream tried, in order (`127.0.0.1:4001, 127.0.0.1:4002` when nginx retried on another). */
  upstreams: string[];
  upstreamStatuses: string[];
}

export async function proxyLog(description = cluster()): Promise<ProxyLogLine[]> {
  const text = await readFile(description.accessLog, 'utf8');
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const match = /"([^"]*)" (\d{3}) \d+ upstream=(.*) upstream_status=(.*) request_time=/.exec(line);
      if (!match) throw new Error(`unexpected access log line: ${line}`);
      return { request: match[1]!, status: Number(match[2]), upstreams: match[3]!.split(/, | : /), upstreamStatuses: match[4]!.split(/, | : /) };
    });
}
