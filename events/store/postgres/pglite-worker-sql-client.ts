import { Worker } from 'node:worker_threads';
import { type PgliteLocation, inProcessAdvisoryLocks } from './pglite-database';
import { type WorkerMessage, type WorkerRequest, deserializeError } from './pglite-worker-protocol';
import type { QueryOptions, QueryResult, SqlClient, SqlExecutor } from './sql-client';

/** Requests without their id, which the client assigns. */
type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** `openPgliteSqlClient` on a worker thread, off the HTTP server's core; errors keep message, name and fields. */

export async function openPgliteWorkerSqlClient(options: PgliteLocation = {}): Promise<SqlClient> {
  const worker = new Worker(new URL('./pglite-worker-entry.mjs', import.meta.url), { workerData: { dataDir: options.dataDir, image: options.image } });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let gone: Error | undefined;

  const track = () => (pending.size > 0 ? worker.ref() : worker.unref());
  const failAll = (error: Error) => {
    gone ??= error;
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    track();
  };

  /** The call answered by `id`, no longer pending. */
  const settle = (id: number) => {
    const call = pending.get(id);
    pending.delete(id);
    track();
    return call;
  };

  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: WorkerMessage) => {
      switch (message.kind) {
        case 'ready':
          resolve();
          return;
        case 'notification':
          listeners.get(message.listener)?.(message.payload);
          return;
        case 'failed':
          // Without an id: PGlite did not open.
          if (message.id === null) reject(deserializeError(message.error));
          else settle(message.id)?.reject(deserializeError(message.error));
          return;
        case 'answer':
          settle(message.id)?.resolve(message.value);
      }
    });
    worker.on('error', (error) => {
      reject(error);
      failAll(error);
    });
    worker.on('exit', (code) => {
      const error = new Error(`PGlite's worker thread exited (code ${code})`);
      reject(error);
      failAll(error);
    });
  });
  try {
    await ready;
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  worker.unref();

  const call = <T>(request: Request): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      track();
      worker.postMessage({ ...request, id } as WorkerRequest);
    });
  };

  const executor = (tx: number | null): SqlExecutor => ({
    query: <Row>(text: string, params?: readonly unknown[], options?: QueryOptions) =>
      call<QueryResult<Row>>({ kind: 'query', tx, text, params: params ? [...params] : undefined, ...(options?.name === undefined ? {} : { name: options.name }) }),
    exec: (text: string) => call<void>({ kind: 'exec', tx, text }),
  });

  return {
    kind: 'pglite',
    ...executor(null),
    async transaction(work) {
      const tx = await call<number>({ kind: 'begin' });
      let result;
      try {
        result = await work(executor(tx));
      } catch (error) {
        await call({ kind: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ kind: 'end', tx, commit: true });
      return result;
    },
    withAdvisoryLock: inProcessAdvisoryLocks(),
    async listen(channel, handler) {
      const listener = await call<number>({ kind: 'listen', channel });
      listeners.set(listener, handler);
      return async () => {
        listeners.delete(listener);
        if (!gone) await call({ kind: 'unlisten', listener });
      };
    },
    async close() {
      if (gone) return;
      await call({ kind: 'close' });
      gone = new Error('The PGlite client is closed');
      await worker.terminate();
    },
  };
}
