/**
 * The load of `npm run bench:scale-out`, in a process of its own: `clients` keep-alive connections
 * sending `method` requests to `url` back to back for `warmupMs + durationMs`, client i with
 * `headers[i]` (its own listener's session); JSON out.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface ScaleOutLoadRequest {
  url: string;
  method: 'GET' | 'HEAD';
  /** One set per client. */
  headers: Record<string, string>[];
  clients: number;
  warmupMs: number;
  durationMs: number;
}

export interface ScaleOutLoadResult {
  /** Answered with 200 in the window (after the warm-up). */
  responses: number;
  /** Not answered with 200, in the window. */
  failures: number;
  bytes: number;
  p50Ms: number;
  p99Ms: number;
  /** The load process's own CPU over warm-up and window, ms. */
  cpuMs: number;
}

function send(agent: Agent, load: ScaleOutLoadRequest, headers: Record<string, string>): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve) => {
    const outgoing = request(load.url, { method: load.method, headers, agent }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on('error', () => resolve({ status: 0, bytes }));
    });
    outgoing.on('error', () => resolve({ status: 0, bytes: 0 }));
    outgoing.end();
  });
}

async function run(load: ScaleOutLoadRequest): Promise<ScaleOutLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: load.clients });
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const windowStart = start + load.warmupMs;
  const end = windowStart + load.durationMs;
  const latencies: number[] = [];
  let failures = 0;
  let bytes = 0;
  await Promise.all(
    Array.from({ length: load.clients }, async (_, client) => {
      const headers = load.headers[client % load.headers.length]!;
      while (performance.now() < end) {
        const sentAt = performance.now();
        const outcome = await send(agent, load, headers);
        const doneAt = performance.now();
        if (sentAt < windowStart || doneAt > end) continue;
        if (outcome.status === 200) {
          latencies.push(doneAt - sentAt);
          bytes += outcome.bytes;
        } else failures += 1;
      }
    }),
  );
  agent.destroy();
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0;
  return { responses: latencies.length, failures, bytes, p50Ms: at(0.5), p99Ms: at(0.99), cpuMs: (cpu.user + cpu.system) / 1000 };
}

const result = await run(JSON.parse(process.argv[2] ?? '') as ScaleOutLoadRequest);
process.stdout.write(JSON.stringify(result));
