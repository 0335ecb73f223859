/** Messages between the app's thread and PGlite's; answers repeat the request id, `tx` names an open transaction. */
export type WorkerRequest =
  | { kind: 'query'; id: number; tx: number | null; text: string; params: unknown[] | undefined; name?: string }
  | { kind: 'exec'; id: number; tx: number | null; text: string }
  | { kind: 'begin'; id: number }
  | { kind: 'end'; id: number; tx: number; commit: boolean }
  | { kind: 'listen'; id: number; channel: string }
  | { kind: 'unlisten'; id: number; listener: number }
  | { kind: 'close'; id: number };

export type WorkerMessage =
  | { kind: 'ready' }
  | { kind: 'answer'; id: number; value: unknown }
  | { kind: 'failed'; id: number | null; error: SerializedError }
  | { kind: 'notification'; listener: number; payload: string };

/** An error as it crosses threads: its message and name, and its own plain fields (a PostgreSQL error's `code`, `detail`, ...). */
export interface SerializedError {
  name: string;
  message: string;
  stack?: string;
  fields: Record<string, string | number | boolean | null>;
}

export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: SerializedError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value as string | number | boolean | null;
  }
  return { name: error.name, message: error.message, ...(error.stack === undefined ? {} : { stack: error.stack }), fields };
}

/** The error again, on this side: an Error with the same message, name and fields (`code` above all, which retries look at). */
export function deserializeError(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  Object.assign(error, serialized.fields);
  error.name = serialized.name;
  if (serialized.stack !== undefined) error.stack = serialized.stack;
  return error;
}
