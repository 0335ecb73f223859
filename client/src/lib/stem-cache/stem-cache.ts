import { DEFAULT_KEEP_LIMITS, songsToEvict } from './eviction-plan';
import type { KeepLimits } from './eviction-plan';
import type { KeptSong, KeptStemStore } from './kept-records';
import { chooseStemSource } from './stem-source-choice';
import type { StemHeadAnswer, StemSourceChoice } from './stem-source-choice';

/** The song a cache call is about, as the API sent it. */
export interface SongToKeep {
  id: number;
  title: string;
  song: unknown;
}

export type StemSourcePlan = ReadonlyMap<string, StemSourceChoice>;

/**
 * One user's kept songs (decision 0033): stems kept as first streamed, served from here after (not
 * billed again); the songs opened longest ago are dropped beyond the limits.
 */
export class StemCache {
  private readonly limits: KeepLimits;
  private readonly now: () => number;

  constructor(
    private readonly store: KeptStemStore,
    readonly userId: number,
    options: { limits?: KeepLimits; now?: () => number } = {},
  ) {
    this.limits = options.limits ?? DEFAULT_KEEP_LIMITS;
    this.now = options.now ?? Date.now;
  }

  /** Asks `head` about every stem and decides where each one's bytes come from. */
  async plan(songId: number, urls: readonly string[], head: (url: string) => Promise<StemHeadAnswer>): Promise<StemSourcePlan> {
    const kept = new Map((await this.store.stemsOf(this.userId, songId)).map((stem) => [stem.url, stem]));
    const choices = await Promise.all(urls.map(async (url) => [url, chooseStemSource(await head(url), kept.get(url))] as const));
    return new Map(choices);
  }

  /** A fetch for the engine: kept stems from the store, the rest from `network`, whole 200 answers kept. */
  fetchFor(song: SongToKeep, plan: StemSourcePlan, network: typeof fetch): typeof fetch {
    return async (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (plan.get(url) === 'kept') {
        const stem = await this.store.getStem(this.userId, song.id, url);
        if (stem) return new Response(stem.body, { status: 200, headers: { 'Content-Length': String(stem.bytes) } });
        // Cleared between the plan and the fetch: stream it after all.
      }
      const response = await network(input, init);
      if (response.status !== 200 || !plan.has(url)) return response;
      const body = await response.blob();
      const declared = response.headers.get('Content-Length');
      if (declared === null || Number(declared) === body.size) {
        await this.store
          .putStem(
            { userId: this.userId, songId: song.id, url, etag: response.headers.get('ETag'), bytes: body.size, body, storedAt: this.now() },
            { userId: this.userId, songId: song.id, title: song.title, song: song.song, lastOpenedAt: this.now() },
          )
          .catch((error: unknown) => console.warn('A stem could not be kept for offline use', error));
      }
      return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    };
  }

  /** The song opened: it becomes the most recent, the songs beyond the limits dropped (answered). */
  async opened(song: SongToKeep): Promise<number[]> {
    await this.store.touchSong({ userId: this.userId, songId: song.id, title: song.title, song: song.song, lastOpenedAt: this.now() });
    const evicted = songsToEvict(await this.store.songsOf(this.userId), this.limits, song.id);
    for (const songId of evicted) await this.store.deleteSong(this.userId, songId);
    announceKeptSongsChanged();
    return evicted;
  }

  /** The song as the API last sent it, when kept here. */
  async keptSong(songId: number): Promise<unknown> {
    return (await this.store.getSong(this.userId, songId))?.song;
  }

  async songs(): Promise<KeptSong[]> {
    return (await this.store.songsOf(this.userId)).sort((a, b) => b.lastOpenedAt - a.lastOpenedAt);
  }

  async clearSong(songId: number): Promise<void> {
    await this.store.deleteSong(this.userId, songId);
    announceKeptSongsChanged();
  }

  async clearAll(): Promise<void> {
    for (const song of await this.store.songsOf(this.userId)) await this.store.deleteSong(this.userId, song.songId);
    announceKeptSongsChanged();
  }
}

/** Fired on `window` when a song is kept or dropped. */
export const KEPT_SONGS_CHANGED = 'woodshed:kept-songs-changed';

function announceKeptSongsChanged(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(KEPT_SONGS_CHANGED));
}
