import { describe, expect, it } from 'vitest';
import { presetRequiresUpgrade } from './preset-upgrade-check';

const answering = (status: number, body: string) => async (url: string, init: RequestInit) => {
  expect(url).toBe('/api/songs/12/preset');
  expect(init.credentials).toBe('include');
  return new Response(body, { status, headers: { 'Content-Type': 'application/json' } });
};

describe('why the API refused a preset', () => {
  it('is requiresUpgrade only when a 403 says so', async () => {
    expect(await presetRequiresUpgrade(12, answering(403, '{"error":{"code":"requires_upgrade"},"requiresUpgrade":true}'))).toBe(true);
    expect(await presetRequiresUpgrade(12, answering(403, '{"error":{"code":"forbidden"}}'))).toBe(false);
    expect(await presetRequiresUpgrade(12, answering(404, '{"error":{"code":"not_found"}}'))).toBe(false);
    expect(await presetRequiresUpgrade(12, answering(200, '{"presetData":{"volumes":{},"mutes":{}}}'))).toBe(false);
  });

  it('is not requiresUpgrade when the API cannot be asked or answers nonsense', async () => {
    expect(await presetRequiresUpgrade(12, answering(403, 'not json'))).toBe(false);
    expect(
      await presetRequiresUpgrade(12, async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe(false);
  });
});
