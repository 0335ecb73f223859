import { Subject } from 'rxjs';
import type { Observable } from 'rxjs';
import { parsePullPage } from './sync-document-parsers';
import { type SyncCheckpoint, type SyncCollection, syncCollections } from '../../../../contract/sync-documents';
import type { KeptDocuments } from './sync-documents';

/** What RxDB's `pull.stream$` takes: changed documents with their checkpoint, or 'RESYNC'. */
export type SyncStreamItem<Doc> = { documents: Doc[]; checkpoint: SyncCheckpoint } | 'RESYNC';

/** The part of the browser's EventSource the stream uses (tests pass a fake). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
  close(): void;
}

/** EventSource.CLOSED: the browser gave up reconnecting. */
const CLOSED = 2;

export interface SyncStreamOptions {
  connect?: (url: string) => EventSourceLike;
  /** Delay before reconnecting after the browser gave up. */
  reconnectMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** One live change stream shared by the three replications. */
export interface SyncStream {
  changes<Name extends SyncCollection>(collection: Name): Observable<SyncStreamItem<KeptDocuments[Name]>>;
  close(): void;
}

const SYNC_STREAM_URL = '/api/sync/stream';

/**
 * One EventSource fanned out per collection. A connection back after a loss (changes were missed)
 * or the server's "RESYNC" sends every collection 'RESYNC', so RxDB pulls from its checkpoint. When
 * the browser gives up reconnecting, a new connection opens after `reconnectMs`.
 */
export function openSyncStream(options: SyncStreamOptions = {}): SyncStream {
  const connect = options.connect ?? ((url: string) => new EventSource(url, { withCredentials: true }) as EventSourceLike);
  const reconnectMs = options.reconnectMs ?? 5_000;
  const setTimer = options.setTimer ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>));
  const subjects = Object.fromEntries(syncCollections.map((name) => [name, new Subject<SyncStreamItem<unknown>>()])) as {
    [Name in SyncCollection]: Subject<SyncStreamItem<KeptDocuments[Name]>>;
  };
  let source: EventSourceLike | null = null;
  let lost = false;
  let closed = false;
  let timer: unknown = null;

  const resyncAll = () => {
    for (const name of syncCollections) subjects[name].next('RESYNC');
  };

  const receive = (data: string) => {
    let message: unknown;
    try {
      message = JSON.parse(data);
    } catch {
      console.error('Sync stream: a message that is not JSON; pulling again', data.slice(0, 200));
      resyncAll();
      return;
    }
    if (message === 'RESYNC') {
      resyncAll();
      return;
    }
    const collection = (message as { collection?: unknown } | null)?.collection;
    if (!syncCollections.includes(collection as SyncCollection)) return;
    const name = collection as SyncCollection;
    try {
      const page = parsePullPage(name, message);
      // Without a checkpoint the change cannot be placed in the log: pull instead.
      if (page.checkpoint === null) subjects[name].next('RESYNC');
      else (subjects[name] as Subject<SyncStreamItem<unknown>>).next({ documents: page.documents, checkpoint: page.checkpoint });
    } catch (error) {
      console.error(`Sync stream: a ${name} message outside the contract; pulling again`, error);
      subjects[name].next('RESYNC');
    }
  };

  const open = () => {
    timer = null;
    if (closed) return;
    const current = connect(SYNC_STREAM_URL);
    source = current;
    current.onopen = () => {
      if (lost) resyncAll();
      lost = false;
    };
    current.onmessage = (event) => receive(event.data);
    current.onerror = () => {
      lost = true;
      if (current.readyState !== CLOSED || closed) return;
      current.close();
      if (timer === null) timer = setTimer(open, reconnectMs);
    };
  };
  open();

  return {
    changes: (collection) => subjects[collection].asObservable(),
    close() {
      closed = true;
      if (timer !== null) clearTimer(timer);
      source?.close();
      for (const name of syncCollections) subjects[name].complete();
    },
  };
}
