import { describe, expect, it, vi } from 'vitest';
import { fetchStemAudio } from './fetch-stem-audio';

describe('fetchStemAudio', () => {
  it("fetches the stem with credentials and the player's header, and returns its bytes", async () => {
    const fetchFn = vi.fn(async () => new Response(new Uint8Array([1, 2, 3])));
    const bytes = await fetchStemAudio({ id: 'drums.mp3', url: '/api/stems/stream/1/drums.mp3' }, fetchFn);
    expect([...new Uint8Array(bytes)]).toEqual([1, 2, 3]);
    // The API refuses a stem request without it from a browser that sends no Sec-Fetch-Site.
    expect(fetchFn).toHaveBeenCalledWith('/api/stems/stream/1/drums.mp3', expect.objectContaining({ credentials: 'include', headers: { 'X-Woodshed-Player': '1' } }));
  });

  it('refuses an error answer instead of decoding it as audio', async () => {
    const fetchFn = vi.fn(async () => new Response('limit', { status: 403 }));
    await expect(fetchStemAudio({ id: 'bass.mp3', url: '/x' }, fetchFn)).rejects.toThrow('stem bass.mp3: HTTP 403');
    await expect(fetchStemAudio({ id: 'bass.mp3', url: '/x' }, fetchFn)).rejects.toMatchObject({ stemId: 'bass.mp3', status: 403 });
  });

  it('passes the abort signal through', async () => {
    const controller = new AbortController();
    controller.abort();
    const fetchFn = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      init?.signal?.throwIfAborted();
      return new Response('');
    });
    await expect(fetchStemAudio({ id: 'a', url: '/a' }, fetchFn, controller.signal)).rejects.toThrow();
    expect(fetchFn.mock.calls[0]?.[1]?.signal).toBe(controller.signal);
  });
});
