import type { Position, ReadAllPage, RecordedEvent } from './event-store';

/** A page of the log read after `after`, and whether it reached the last visible entry. */
export interface LogRead {
  page: ReadAllPage;
  atHead: boolean;
}

/** How the tail reads the log: `types` only for a subscription's own read (behind the tail). */
export type ReadLogPage = (after: Position, max: number, types?: readonly string[]) => Promise<LogRead>;

export interface TailReadOptions {
  after: Position;
  max: number;
  types?: readonly string[];
  /** The subscription woke by its poll, not by an append: a page read before now cannot tell it is at the head. */
  fresh?: boolean;
}

/** One unfiltered read of the log: every entry in (after, next]. */
interface TailPage {
  after: Position;
  events: RecordedEvent[];
  next: Position;
  atHead: boolean;
  /** The wake-up count when the read started: its `atHead` holds until the next wake-up. */
  generation: number;
}

export interface SharedLogTailOptions {
  pageSize?: number;
  keepPages?: number;
}

/**
 * One log read per wake-up for all live subscriptions of a store; one behind the recent pages reads on
 * its own. A page's claim to have reached the head expires at the next wake-up.
 */
export class SharedLogTail {
  readonly #readPage: ReadLogPage;
  readonly #pageSize: number;
  readonly #keepPages: number;
  #generation = 0;
  #pages: TailPage[] = [];
  #reading: { after: Position; generation: number; page: Promise<TailPage> } | undefined;
  /** The furthest position known to have been the head: a subscription there or past it is at the tail. */
  #tail: Position | undefined;
  /** Reads of the log made for subscriptions, shared or their own (for tests and counting). */
  reads = 0;

  constructor(readPage: ReadLogPage, options: SharedLogTailOptions = {}) {
    this.#readPage = readPage;
    this.#pageSize = options.pageSize ?? 500;
    this.#keepPages = options.keepPages ?? 8;
  }

  /** New events may be visible: pages read before now can no longer say they reached the head. */
  woke(): void {
    this.#generation += 1;
  }

  async read(options: TailReadOptions): Promise<ReadAllPage & { atHead: boolean }> {
    if (options.fresh) this.woke();
    const { after } = options;
    // Joining a read in flight may not answer (it stopped short, or a wake-up came meanwhile); then
    // look again, since another asker may have started the read this one needs.
    for (let joins = 0; ; joins++) {
      const cached = this.#covering(after);
      if (cached && this.#answers(cached, after)) return this.#slice(cached, options);
      const reading = this.#reading;
      if (joins < 2 && reading && reading.after <= after && reading.generation === this.#generation) {
        await reading.page;
        continue;
      }
      if (this.#tail === undefined || after < this.#tail) return this.#ownRead(options);
      return this.#slice(await this.#sharedRead(after), options);
    }
  }

  /** A page answers when it has entries past `after`, or, still of this wake-up, says nothing more is visible. */
  #answers(page: TailPage, after: Position): boolean {
    return after < page.next || (page.atHead && page.generation === this.#generation);
  }

  #covering(after: Position): TailPage | undefined {
    for (let i = this.#pages.length - 1; i >= 0; i--) {
      const page = this.#pages[i]!;
      if (covers(page, after)) return page;
    }
    return undefined;
  }

  #sharedRead(after: Position): Promise<TailPage> {
    const generation = this.#generation;
    this.reads += 1;
    const page = this.#readPage(after, this.#pageSize).then(({ page: { events, next }, atHead }): TailPage => {
      const read = { after, events, next, atHead, generation };
      this.#pages.push(read);
      if (this.#pages.length > this.#keepPages) this.#pages.shift();
      if (atHead) this.#reachedHead(next);
      return read;
    });
    const reading = { after, generation, page };
    this.#reading = reading;
    const clear = () => {
      if (this.#reading === reading) this.#reading = undefined;
    };
    page.then(clear, clear);
    return page;
  }

  async #ownRead(options: TailReadOptions): Promise<ReadAllPage & { atHead: boolean }> {
    this.reads += 1;
    const { page, atHead } = await this.#readPage(options.after, options.max, options.types);
    if (atHead) this.#reachedHead(page.next);
    return { ...page, atHead };
  }

  #reachedHead(position: Position): void {
    if (this.#tail === undefined || position > this.#tail) this.#tail = position;
  }

  /** The page's entries past `after`, of the asker's types, at most `max` of them. */
  #slice(page: TailPage, { after, max, types }: TailReadOptions): ReadAllPage & { atHead: boolean } {
    const wanted = page.events.filter((event) => event.position > after && (!types || types.includes(event.type)));
    if (wanted.length > max) {
      const events = wanted.slice(0, max);
      return { events, next: events.at(-1)!.position, atHead: false };
    }
    // Past the skipped entries too, as a filtered read of the log moves past them.
    return { events: wanted, next: page.next > after ? page.next : after, atHead: page.atHead && page.generation === this.#generation };
  }
}

function covers(page: TailPage, after: Position): boolean {
  return page.after <= after && after <= page.next;
}
