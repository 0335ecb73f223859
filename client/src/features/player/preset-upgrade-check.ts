/** `fetch`, or a test's stand-in. */
export type CheckFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * After the API refused a pushed preset: asks GET /api/songs/{id}/preset whether the refusal is
 * `requiresUpgrade` (spec 000, section 6: the server may answer it to preset calls; the player then
 * opens the Upgrade modal). Any other answer, or none, is an ordinary failure.
 */
export async function presetRequiresUpgrade(songId: number, fetchFn: CheckFetch = (url, init) => fetch(url, init)): Promise<boolean> {
  try {
    const response = await fetchFn(`/api/songs/${songId}/preset`, { credentials: 'include', headers: { Accept: 'application/json' } });
    if (response.status !== 403) return false;
    const body = (await response.json()) as { requiresUpgrade?: unknown } | null;
    return body?.requiresUpgrade === true;
  } catch {
    return false;
  }
}
