export type CheckFetch = (url: string, init: RequestInit) => Promise<Response>;

/** Whether a refused preset push was `requiresUpgrade` (spec 000, 6); anything else is an ordinary failure. */
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
