import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export type StreamLoadRequest =
  | { kind: 'throughput'; url: string; headers: Record<string, string>; clients: number; warmupMs: number; durationMs: number }
  | {
      kind: 'head-latency';
      url: string;
      /** Each HEAD's headers, taken in turn a burst at a time (one set: every HEAD is the same user's). */
      headers: Array<Record<string, string>>;
      ratePerSecond: number;
      warmupMs: number;
      durationMs: number;
      /** HEADs sent at once with one set of headers, as the player checks each stem of a song; default 1. */
      burst?: number;
    };

export type StreamLoadResult =
  | { kind: 'throughput'; bytesPerSecond: number; responses: number; failures: number }
  | {
      kind: 'head-latency';
      /** HEADs sent in the window, after the warm-up. */
      sent: number;
      /** HEADs sent during the warm-up, and their p99 (a new load process, new connections, code not yet compiled). */
      warmupSent: number;
      warmupP99Ms: number;
      failures: number;
      p50Ms: number;
      p99Ms: number;
      maxMs: number;
      achievedPerSecond: number;
      slow: SlowHead[];
    };

/** A HEAD slower than `slowHeadMs`: when it was sent (epoch ms, to match the app's GC pauses) and how long it took. */
export interface SlowHead {
  sentAtMs: number;
  latencyMs: number;
}

/** The target's p99: a HEAD slower than this is reported one by one, to tell what delayed it. */
export const slowHeadMs = 5;

interface Outcome {
  status: number;
  bytes: number;
}

function send(agent: Agent, method: 'GET' | 'HEAD', url: string, headers: Record<string, string>, onData?: (bytes: number) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const outgoing = request(url, { method, headers, agent }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        onData?.(chunk.length);
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, bytes }));
      response.on('error', () => resolve({ status: 0, bytes }));
    });
    outgoing.on('error', () => resolve({ status: 0, bytes: 0 }));
    outgoing.end();
  });
}

/** `clients` loops GETting the stem back to back; bytes count when they arrive inside the window. */
async function throughput(load: Extract<StreamLoadRequest, { kind: 'throughput' }>): Promise<StreamLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: load.clients });
  const start = performance.now();
  const windowStart = start + load.warmupMs;
  const windowEnd = windowStart + load.durationMs;
  let bytes = 0;
  let responses = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: load.clients }, async () => {
      while (performance.now() < windowEnd) {
        const outcome = await send(agent, 'GET', load.url, load.headers, (received) => {
          const now = performance.now();
          if (now >= windowStart && now <= windowEnd) bytes += received;
        });
        if (outcome.status !== 200) failures++;
        const now = performance.now();
        if (now >= windowStart && now <= windowEnd) responses++;
      }
    }),
  );
  agent.destroy();
  return { kind: 'throughput', bytesPerSecond: bytes / (load.durationMs / 1000), responses, failures };
}

/** HEADs at a steady rate whatever the answers (open loop); the first `warmupMs` of them are reported apart. */
async function headLatency(load: Extract<StreamLoadRequest, { kind: 'head-latency' }>): Promise<StreamLoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const warmupSent = Math.round((load.ratePerSecond * load.warmupMs) / 1000);
  const total = warmupSent + Math.round((load.ratePerSecond * load.durationMs) / 1000);
  const intervalMs = 1000 / load.ratePerSecond;
  const latencies: number[] = [];
  const warmupLatencies: number[] = [];
  const slow: SlowHead[] = [];
  let failures = 0;
  const pending: Promise<void>[] = [];
  const start = performance.now();
  const burst = Math.max(1, load.burst ?? 1);
  for (let i = 0; i < total; i++) {
    // A burst's HEADs go out together; the bursts keep the rate on average.
    const first = i - (i % burst);
    const due = start + first * intervalMs;
    const headers = load.headers[(first / burst) % load.headers.length]!;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const sentAt = performance.now();
    const warmingUp = i < warmupSent;
    pending.push(
      send(agent, 'HEAD', load.url, headers).then((outcome) => {
        const latencyMs = performance.now() - sentAt;
        if (outcome.status !== 200) failures++;
        if (warmingUp) {
          warmupLatencies.push(latencyMs);
          return;
        }
        latencies.push(latencyMs);
        if (latencyMs > slowHeadMs) slow.push({ sentAtMs: performance.timeOrigin + sentAt, latencyMs });
      }),
    );
  }
  await Promise.all(pending);
  const elapsed = performance.now() - start;
  agent.destroy();
  const quantile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  };
  return {
    kind: 'head-latency',
    sent: total - warmupSent,
    warmupSent,
    warmupP99Ms: quantile(warmupLatencies, 0.99),
    failures,
    p50Ms: quantile(latencies, 0.5),
    p99Ms: quantile(latencies, 0.99),
    maxMs: quantile(latencies, 1),
    achievedPerSecond: total / (elapsed / 1000),
    slow,
  };
}

const load = JSON.parse(process.argv[2] ?? '') as StreamLoadRequest;
const result = load.kind === 'throughput' ? await throughput(load) : await headLatency(load);
process.stdout.write(JSON.stringify(result));
