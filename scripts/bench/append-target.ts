/** Something the append benchmark can drive: a store (ours or the peer) or the raw-insert baseline. */
export interface AppendTarget {
  readonly label: string;
  readonly backend: 'pglite' | 'postgres';
  /** Open a fresh, empty instance for one run with this many appenders. */
  open(appenders: number): Promise<OpenAppendTarget>;
}

export interface OpenAppendTarget {
  /** One command: append one event for this appender (its own stream, exact expected revision). */
  appendOne(appender: number): Promise<void>;
  close(): Promise<void>;
}
