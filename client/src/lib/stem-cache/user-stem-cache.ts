import { stemRequestHeaders } from '../audio/stem-request-headers';
import { indexedDbStemStore } from './indexed-db-stem-store';
import { StemCache } from './stem-cache';
import type { StemSourcePlan } from './stem-cache';
import { chooseStemSource } from './stem-source-choice';
import type { StemHeadAnswer } from './stem-source-choice';

/** The kept stems of `userId` in this browser; null where the browser has no IndexedDB. */
export function userStemCache(userId: number | null | undefined): StemCache | null {
  if (userId === null || userId === undefined || typeof indexedDB === 'undefined') return null;
  return new StemCache(indexedDbStemStore, userId);
}

/** HEAD of a stem (never billed, decision 0010): its status and ETag, or that no server answered. */
export async function headStem(url: string, signal: AbortSignal): Promise<StemHeadAnswer> {
  try {
    const answer = await fetch(url, { method: 'HEAD', credentials: 'include', headers: stemRequestHeaders, signal });
    return { kind: 'answered', status: answer.status, etag: answer.headers.get('ETag') };
  } catch (error) {
    // An abort is the caller's, not a network failure.
    signal.throwIfAborted();
    if (error instanceof TypeError) return { kind: 'unreachable' };
    throw error;
  }
}

/** Where each stem comes from: through `cache` when there is one, else from the HEAD alone. */
export async function planStemSources(cache: StemCache | null, songId: number, urls: readonly string[], signal: AbortSignal): Promise<StemSourcePlan> {
  if (cache) return cache.plan(songId, urls, (url) => headStem(url, signal));
  return new Map(await Promise.all(urls.map(async (url) => [url, chooseStemSource(await headStem(url, signal), undefined)] as const)));
}
