import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import { type Generation, type GenerationRow, toGeneration } from './generations';
import type { Projection } from './projection-definition';

interface LiveRow extends GenerationRow {
  projection: string;
}

/**
 * Which generation of each projection is live, as the idle runners of one process ask it: one read
 * of `projection_generations` answers every runner that asks within `maxAgeMs`. Each idle runner
 * asks once per poll to notice a swap made by another process, and a process runs a runner per
 * projection, so alone they read it once per projection per poll; an idle app spent most of its
 * database time there. A swap in this process calls `forget()` before it wakes the runner, so only
 * another process's swap is seen up to `maxAgeMs` later, within the poll delay it has anyway.
 */
export class LiveGenerations {
  readonly #db: SqlExecutor;
  readonly #maxAgeMs: number;
  #read: { at: number; rows: Promise<Map<string, LiveRow>> } | undefined;

  constructor(db: SqlExecutor, options: { maxAgeMs: number }) {
    this.#db = db;
    this.#maxAgeMs = options.maxAgeMs;
  }

  async find(projection: Projection): Promise<Generation | undefined> {
    const row = (await this.#rows()).get(projection.name);
    return row && toGeneration(projection, row);
  }

  /** The next `find` reads again (a generation was swapped in this process). */
  forget(): void {
    this.#read = undefined;
  }

  #rows(): Promise<Map<string, LiveRow>> {
    const now = Date.now();
    if (this.#read === undefined || now - this.#read.at >= this.#maxAgeMs) {
      const rows = this.#readAll();
      this.#read = { at: now, rows };
      // A failed read is not kept: the next runner asks again.
      rows.catch(() => {
        if (this.#read?.rows === rows) this.#read = undefined;
      });
    }
    return this.#read.rows;
  }

  async #readAll(): Promise<Map<string, LiveRow>> {
    const { rows } = await this.#db.query<LiveRow>(
      `SELECT projection, generation, version, state FROM projection_generations WHERE state = 'live'`,
      [],
      { name: 'find_live_generations' },
    );
    return new Map(rows.map((row) => [row.projection, row]));
  }
}
