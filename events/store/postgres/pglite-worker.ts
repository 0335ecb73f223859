import { parentPort, workerData } from 'node:worker_threads';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { PgliteConnection } from './pglite-connection';
import { closePgliteDatabase, openPgliteDatabase } from './pglite-database';
import { type WorkerMessage, type WorkerRequest, serializeError } from './pglite-worker-protocol';

// PGlite's thread: opens the database, then runs requests in arrival order (transactions stay exclusive).
const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const { dataDir, image } = workerData as { dataDir?: string; image?: string };

const post = (message: WorkerMessage) => port.postMessage(message);
/** Thrown inside a transaction's callback to roll it back when the app's side asks to. */
const rollBack = Symbol('roll back');

let db: PGlite;
try {
  db = await openPgliteDatabase({ dataDir, image });
} catch (error) {
  post({ kind: 'failed', id: null, error: serializeError(error) });
  throw error;
}
const connection = new PgliteConnection(db);

/** Open transactions: the handle their queries run on, and how to end them. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
/** Every transaction begun and not yet ended: settles once it committed or rolled back. */
const settled = new Map<number, Promise<void>>();
const unlisteners = new Map<number, () => Promise<void>>();
let nextTransaction = 1;
let nextListener = 1;

function openTransaction(tx: number): Transaction {
  const open = transactions.get(tx);
  if (!open) throw new Error(`No open transaction ${tx}`);
  return open.tx;
}

/** Opens a transaction and resolves its number once BEGIN has run; it ends on an `end` request. */
async function begin(): Promise<number> {
  const number = nextTransaction++;
  let began!: () => void;
  const started = new Promise<void>((resolve) => (began = resolve));
  const done = connection
    .transaction(async (tx) => {
      const commit = await new Promise<boolean>((resolve) => {
        transactions.set(number, { tx, end: resolve });
        began();
      });
      if (!commit) throw rollBack;
    })
    .catch((error: unknown) => {
      if (error !== rollBack) throw error;
    });
  settled.set(number, done);
  // BEGIN itself may fail (the database closed): then `done` rejects and `started` never resolves.
  try {
    await Promise.race([started, done]);
  } catch (error) {
    settled.delete(number);
    throw error;
  }
  return number;
}

async function end(tx: number, commit: boolean): Promise<void> {
  const open = transactions.get(tx);
  if (!open) throw new Error(`No open transaction ${tx}`);
  const done = settled.get(tx)!;
  transactions.delete(tx);
  settled.delete(tx);
  open.end(commit);
  await done;
}

async function answer(request: WorkerRequest): Promise<unknown> {
  switch (request.kind) {
    case 'query':
      return request.tx === null
        ? connection.query(request.text, request.params, request.name)
        : connection.queryIn(openTransaction(request.tx), request.text, request.params, request.name);
    case 'exec':
      await (request.tx === null ? connection.exec(request.text) : openTransaction(request.tx).exec(request.text));
      return null;
    case 'begin':
      return begin();
    case 'end':
      return end(request.tx, request.commit);
    case 'listen': {
      const listener = nextListener++;
      unlisteners.set(listener, await db.listen(request.channel, (payload) => post({ kind: 'notification', listener, payload })));
      return listener;
    }
    case 'unlisten': {
      const unlisten = unlisteners.get(request.listener);
      unlisteners.delete(request.listener);
      if (unlisten && !db.closed) await unlisten();
      return null;
    }
    case 'close':
      await closePgliteDatabase(db, dataDir);
      return null;
  }
}

// Each request starts at once, in arrival order: the connection queues its statements in the order
// they are called, so the app's order is kept.
port.on('message', (request: WorkerRequest) => {
  answer(request).then(
    (value) => post({ kind: 'answer', id: request.id, value }),
    (error: unknown) => post({ kind: 'failed', id: request.id, error: serializeError(error) }),
  );
});
post({ kind: 'ready' });
