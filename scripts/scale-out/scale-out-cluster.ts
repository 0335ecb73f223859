import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { type Server, createServer } from 'node:http';
import path from 'node:path';
import { writeFixtureSongs } from '../../client/e2e/song-fixtures';
import { freePort } from '../../client/e2e/free-port';
import { createSchema, dropSchema } from '../bench/bench-database';
import { repositoryRoot } from '../app/repository-root';
import type { ClusterDescription } from './cluster-description';
import { ClusterProcess } from './cluster-process';
import { ensureNginx } from './ensure-nginx';
import { renderNginxConfig } from './nginx-config';

const startTimeoutMs = 180_000;

/** Variables of the developer's shell that would make a process something other than what compose runs. */
const notInherited = ['DATABASE_SCHEMA', 'KURRENTDB_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'SES_FROM_ADDRESS', 'AWS_REGION', 'WOODSHED_DATA_DIR', 'PORT', 'HOST'];

export interface ClusterOptions {
  apiCount: number;
  /** The PostgreSQL server; the cluster works in a fresh schema of it, dropped at the end. */
  databaseUrl: string;
  /** A new directory for logs, songs, data directories and nginx's files. */
  workDir: string;
  log: (line: string) => void;
}

/** A running rehearsal: N API processes, two workers, nginx in front, on one PostgreSQL schema. */
export interface Cluster {
  description: ClusterDescription;
  /** Stops everything it started (APIs, workers, nginx, the control endpoint), drops the schema. Safe to call twice. */
  stop(): Promise<void>;
  /** One more nginx, same configuration, in front of the named API processes only (the bench's 1-process proxy); stopped with the rest. */
  startProxy(apiNames: readonly string[]): Promise<{ url: string; process: ClusterProcess }>;
  /** The pids of every running process the rehearsal started, by name (`nginx`, `nginx-2`, `api-1`, ...). */
  pids(): Record<string, number>;
}

/**
 * Starts the scale-out deployment of docker-compose.yml on this machine: the workers first (the
 * first one takes every projection and job lock, the second stands by), then the API processes, each
 * healthy on its own port, then nginx with deploy/nginx.conf in front of them. A failure on the way
 * stops what had started and rethrows.
 */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { workDir, log } = options;
  const nginx = ensureNginx(log);
  const schema = `scaleout_${randomBytes(4).toString('hex')}`;
  const started: ClusterProcess[] = [];
  let control: Server | undefined;
  let songsDir: string | undefined;
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      if (control !== undefined) {
        const server = control;
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      }
      // The proxy first, so nothing new reaches a process being stopped; then the APIs, the workers.
      await Promise.all(started.filter((p) => p.name.startsWith('nginx')).map((p) => p.stop('SIGQUIT')));
      await Promise.all(started.filter((p) => p.name.startsWith('api')).map((p) => p.stop()));
      await Promise.all(started.filter((p) => p.name.startsWith('worker')).map((p) => p.stop()));
      await dropSchema(options.databaseUrl, schema).catch((error: unknown) => log(`could not drop schema ${schema}: ${String(error)}`));
      if (songsDir !== undefined) await rm(songsDir, { recursive: true, force: true });
    })());

  try {
    await createSchema(options.databaseUrl, schema);
    const library = await writeFixtureSongs();
    songsDir = library;

    const proxyPort = await freePort();
    const proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const authSecret = randomBytes(48).toString('base64');
    const healthDetailToken = randomBytes(32).toString('hex');
    const baseEnv: NodeJS.ProcessEnv = { ...process.env };
    for (const name of notInherited) delete baseEnv[name];
    // docker-compose.yml's `app-env`, with the rehearsal's values (docs/operations.md).
    const appEnv = (name: string, port?: number): NodeJS.ProcessEnv => ({
      ...baseEnv,
      NODE_ENV: 'production',
      ...(port !== undefined && { PORT: String(port) }),
      // Compose's containers listen on every interface of their own network; here, loopback only.
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATABASE_SCHEMA: schema,
      AUTH_SECRET: authSecret,
      PUBLIC_URL: proxyUrl,
      ALLOW_HTTP_IN_PRODUCTION: 'true',
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
      ADMIN_EMAILS: 'admin@scale-out.test',
      ALLOW_CONSOLE_EMAIL_IN_PRODUCTION: 'true',
      HEALTH_DETAIL_TOKEN: healthDetailToken,
      WOODSHED_SONGS_DIR: library,
      WOODSHED_DATA_DIR: path.join(workDir, `data-${name}`),
      // The fixture songs give their tempo and key; detecting chords would only cost the rehearsal CPU.
      WOODSHED_AUDIO_ANALYSIS: 'off',
      // A queued campaign waits 5 s, not a minute, so the one-runner test sees it sent.
      CAMPAIGN_START_DELAY_SECONDS: '5',
      // Read by the PostgreSQL driver: pg_stat_activity names the process behind each lock.
      PGAPPNAME: `woodshed-${name}`,
    });
    const processLog = (name: string) => path.join(workDir, `${name}.log`);

    const workerNames = new Set<string>();
    const startWorker = async (name: string) => {
      const worker = ClusterProcess.start(name, [process.execPath, '--import', 'tsx', 'scripts/worker.ts'], { cwd: repositoryRoot, env: appEnv(name), logPath: processLog(name) });
      started.push(worker);
      workerNames.add(name);
      await worker.waitForLog(/"msg":"worker running"/, startTimeoutMs);
      return worker;
    };
    log('starting worker-1 (active) and worker-2 (standby) ...');
    const workers = [await startWorker('worker-1'), await startWorker('worker-2')];

    const apiPorts = await Promise.all(Array.from({ length: options.apiCount }, () => freePort()));
    const apis = new Map<string, { port: number; process: ClusterProcess }>();
    const startApi = async (name: string, port: number) => {
      const api = ClusterProcess.start(name, [process.execPath, '--import', 'tsx', 'scripts/start.ts'], { cwd: repositoryRoot, env: appEnv(name, port), logPath: processLog(name) });
      started.push(api);
      apis.set(name, { port, process: api });
      await waitForHealth(`http://127.0.0.1:${port}`, api);
      return api;
    };
    log(`starting ${options.apiCount} API processes ...`);
    await Promise.all(apiPorts.map((port, index) => startApi(`api-${index + 1}`, port)));

    const template = await readFile(path.join(repositoryRoot, 'deploy', 'nginx.conf'), 'utf8');
    const startProxy = async (name: string, port: number, upstreamPorts: readonly number[]) => {
      const nginxDir = path.join(workDir, name);
      await mkdir(path.join(nginxDir, 'logs'), { recursive: true });
      const config = renderNginxConfig(template, {
        listen: `127.0.0.1:${port}`,
        upstreams: upstreamPorts.map((upstream) => `127.0.0.1:${upstream}`),
        accessLog: path.join(nginxDir, 'logs', 'access.log'),
        errorLog: path.join(nginxDir, 'logs', 'error.log'),
      });
      await writeFile(path.join(nginxDir, 'nginx.conf'), config);
      const globals = `daemon off; master_process on; pid ${path.join(nginxDir, 'nginx.pid')}; error_log ${path.join(nginxDir, 'logs', 'main-error.log')} warn;`;
      const proxy = ClusterProcess.start(name, [nginx, '-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf'), '-g', globals], { cwd: nginxDir, env: baseEnv, logPath: processLog(name) });
      started.push(proxy);
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(url, proxy);
      return { url, process: proxy, accessLog: path.join(nginxDir, 'logs', 'access.log') };
    };
    log(`starting nginx on ${proxyUrl} ...`);
    const { accessLog } = await startProxy('nginx', proxyPort, apiPorts);

    const controlPort = await freePort();
    control = await serveControl(controlPort, {
      restart: async (name) => {
        const api = apis.get(name);
        const current = api?.process ?? started.find((p) => p.name === name && workerNames.has(name));
        if (current === undefined) throw new Error(`no API or worker process ${name}`);
        // SIGTERM: the app stops taking requests, settles what is in flight and exits (decision 0058).
        await current.stop();
        started.splice(started.indexOf(current), 1);
        if (api !== undefined) await startApi(name, api.port);
        else await startWorker(name);
      },
      kill: async (name) => {
        const target = started.find((p) => p.name === name);
        if (target === undefined) throw new Error(`no process ${name}`);
        target.signal('SIGKILL');
        await target.exited;
      },
      pids: () => Object.fromEntries(started.filter((p) => p.running).map((p) => [p.name, p.pid])),
    });

    const description: ClusterDescription = {
      proxyUrl,
      publicUrl: proxyUrl,
      apis: [...apis].map(([name, api]) => ({ name, url: `http://127.0.0.1:${api.port}`, pid: api.process.pid })),
      workers: workers.map((worker) => ({ name: worker.name, pid: worker.pid })),
      databaseUrl: options.databaseUrl,
      databaseSchema: schema,
      authSecret,
      healthDetailToken,
      songsDir: library,
      accessLog,
      controlUrl: `http://127.0.0.1:${controlPort}`,
    };
    const pids = () => Object.fromEntries(started.filter((p) => p.running).map((p) => [p.name, p.pid]));
    let extraProxies = 0;
    return {
      description,
      stop,
      pids,
      async startProxy(apiNames) {
        const ports = apiNames.map((name) => {
          const api = apis.get(name);
          if (api === undefined) throw new Error(`no API process ${name}`);
          return api.port;
        });
        extraProxies += 1;
        const { url, process: proxy } = await startProxy(`nginx-${extraProxies + 1}`, await freePort(), ports);
        return { url, process: proxy };
      },
    };
  } catch (error) {
    for (const process of started) if (!process.running) log(`${process.name} exited; its last lines:\n${await process.tail()}`);
    await stop();
    throw error;
  }
}

async function waitForHealth(baseUrl: string, process: ClusterProcess): Promise<void> {
  const deadline = Date.now() + startTimeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (!process.running) throw new Error(`${process.name} exited before it was healthy:\n${await process.tail()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.status === 200) return;
      last = `GET /api/health answered ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${process.name} was not healthy within ${startTimeoutMs / 1000} s (${last}):\n${await process.tail()}`);
}

interface ControlActions {
  restart(name: string): Promise<void>;
  kill(name: string): Promise<void>;
  pids(): Record<string, number>;
}

/** The tests' way to restart or kill a process the rehearsal owns, on loopback. */
function serveControl(port: number, actions: ControlActions): Promise<Server> {
  const server = createServer((request, response) => {
    const [, action, name] = (request.url ?? '').split('/');
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const run = async () => {
      if (request.method === 'GET' && action === 'pids') return answer(200, actions.pids());
      if (request.method !== 'POST' || name === undefined) return answer(404, { error: 'POST /restart/<name> or /kill/<name>, GET /pids' });
      if (action === 'restart') await actions.restart(name);
      else if (action === 'kill') await actions.kill(name);
      else return answer(404, { error: `unknown action ${action}` });
      return answer(200, actions.pids());
    };
    run().catch((error: unknown) => answer(500, { error: String(error) }));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
