import { Mutex, type PGlite, type Transaction, parse, protocol } from '@electric-sql/pglite';
import { toQueryResult } from './pglite-database';
import type { QueryResult } from './sql-client';

/** A statement prepared on the connection: its text (one per name) and the types of its parameters. */
interface Prepared {
  text: string;
  paramTypes: number[];
}

/** PGlite's one connection: statements and transactions in the order asked; named statements prepared once. */
export class PgliteConnection {
  readonly #db: PGlite;
  /** Held by a transaction from BEGIN to its end, and by each statement outside one. */
  readonly #gate = new Mutex();
  readonly #prepared = new Map<string, Prepared>();

  constructor(db: PGlite) {
    this.#db = db;
  }

  query<Row>(text: string, params: readonly unknown[] | undefined, name?: string): Promise<QueryResult<Row>> {
    return this.#gate.runExclusive(async () => {
      if (name === undefined) return toQueryResult(await this.#db.query<Row>(text, params ? [...params] : undefined));
      const result = await this.#db.runExclusive(() => this.#runNamed<Row>(name, text, params ?? []));
      // What PGlite's own `query` does after a statement outside a transaction (a no-op on disk and in memory).
      await this.#db.syncToFs();
      return result;
    });
  }

  exec(text: string): Promise<void> {
    return this.#gate.runExclusive(async () => {
      await this.#db.exec(text);
    });
  }

  async queryIn<Row>(tx: Transaction, text: string, params: readonly unknown[] | undefined, name?: string): Promise<QueryResult<Row>> {
    if (name === undefined) return toQueryResult(await tx.query<Row>(text, params ? [...params] : undefined));
    // The transaction holds the connection; this waits only for a statement of its own in flight.
    return this.#db.runExclusive(() => this.#runNamed<Row>(name, text, params ?? []));
  }

  /** Run `work` in a transaction, after everything asked before it; commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#gate.runExclusive(() => this.#db.transaction(work));
  }

  async #runNamed<Row>(name: string, text: string, params: readonly unknown[]): Promise<QueryResult<Row>> {
    const prepared = this.#prepared.get(name) ?? (await this.#prepare(name, text));
    if (prepared.text !== text) throw new Error(`Statement name ${name} is already used for another text`);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      // The database's own serializers and parsers, as PGlite's `query` uses (array types included).
      const serialize = this.#db.serializers[prepared.paramTypes[index]!];
      return serialize ? serialize(value) : String(value);
    });
    const messages = await this.#db.execProtocolStream(
      // Several protocol messages as the one buffer PostgreSQL reads them from.
      Buffer.concat([protocol.serialize.bind({ statement: name, values }), protocol.serialize.describe({ type: 'P' }), protocol.serialize.execute({}), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    return toQueryResult(parse.parseResults(messages, this.#db.parsers)[0]!) as QueryResult<Row>;
  }

  async #prepare(name: string, text: string): Promise<Prepared> {
    const messages = await this.#db.execProtocolStream(
      Buffer.concat([protocol.serialize.parse({ name, text, types: [] }), protocol.serialize.describe({ type: 'S', name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
    const prepared = { text, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#prepared.set(name, prepared);
    return prepared;
  }
}
