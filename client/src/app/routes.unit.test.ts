import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { adminUserAuditPath, paths, playerPath } from '../lib/routes/paths';
import type { RouteHandle } from './route-handle';
import { routes } from './routes';

// Spec 001, section 2.1, copied here on purpose: the route table must match the spec's lists.
const publicPaths = [
  '/login',
  '/auth/verify',
  '/landing',
  '/privacy-policy',
  '/terms-of-use',
  '/privacy/requests',
  '/legal/subprocessors',
  '/drumless-tracks',
  '/bassless-tracks',
  '/guitarless-tracks',
  '/vocal-tracks',
  '/faq',
  '/features',
  '/about',
];
const protectedPaths = [
  '/email-preferences',
  '/player',
  '/library',
  '/membership',
  '/usage',
  '/admin/overview',
  '/admin/usage',
  '/admin/announcements',
  '/admin/settings',
];
const redirects: Record<string, string> = { '/': '/library', '/admin/users': '/admin/overview', '/admin': '/admin/settings' };

function handlesOf(path: string): RouteHandle[] {
  const matches = matchRoutes(routes, path);
  if (!matches) throw new Error(`no route matches ${path}`);
  return matches.map((match) => (match.route.handle ?? {}) as RouteHandle);
}

function layersOf(path: string): string[] {
  return handlesOf(path).flatMap((handle) => (handle.layer ? [handle.layer] : []));
}

describe('route table (spec 001, 2.1)', () => {
  it.each(publicPaths)('%s is public: no guard, no canvas', (path) => {
    expect(layersOf(path)).toEqual(['public']);
    expect(handlesOf(path).at(-1)?.title).toBeTruthy();
  });

  it.each(protectedPaths)('%s is drawn in the canvas behind the session guard', (path) => {
    expect(layersOf(path)).toEqual(['canvas', 'session']);
    expect(handlesOf(path).at(-1)?.title).toBeTruthy();
  });

  it.each(Object.entries(redirects))('%s redirects to %s', (path, target) => {
    expect(handlesOf(path).at(-1)?.redirectTo).toBe(target);
    // Each target is a protected screen, so the guard still applies after the redirect.
    expect(protectedPaths).toContain(target);
  });

  it.each(['/nope', '/admin/nope', '/library/extra', '/auth', '/privacy', '/legal'])(
    '%s is not found: canvas, no guard',
    (path) => {
      expect(layersOf(path)).toEqual(['canvas']);
      expect(handlesOf(path).at(-1)?.title).toBe('Page Not Found');
    },
  );

  // Screens added beyond the spec, each with its decision: the practice log (0030) and the songs
  // kept offline (0033).
  const decisionPaths = ['/practice', '/offline-songs'];
  const specPaths = [...publicPaths, ...protectedPaths, ...Object.keys(redirects), ...decisionPaths];

  it.each(Object.entries(paths))('paths.%s (%s) is routed, and is a path of the spec', (_name, path) => {
    const leaf = handlesOf(path).at(-1);
    expect(leaf?.title ?? leaf?.redirectTo).toBeTruthy();
    expect(leaf?.title).not.toBe('Page Not Found');
    expect(specPaths).toContain(path);
  });

  it('every path of the spec has its constant in the paths module', () => {
    expect(new Set(Object.values(paths))).toEqual(new Set(specPaths));
  });

  it('the practice log (decision 0030) is a screen of the workspace, behind the session guard', () => {
    expect(layersOf('/practice')).toEqual(['canvas', 'session']);
    expect(handlesOf('/practice').at(-1)?.title).toBe('Practice Log');
  });

  it('the offline songs (decision 0033) are a screen of the workspace, behind the session guard', () => {
    expect(layersOf('/offline-songs')).toEqual(['canvas', 'session']);
    expect(handlesOf('/offline-songs').at(-1)?.title).toBe('Offline Songs');
  });

  it('the audit page of a user (decision 0022) is an admin screen behind the session guard', () => {
    expect(layersOf(adminUserAuditPath(42))).toEqual(['canvas', 'session']);
    expect(handlesOf(adminUserAuditPath(42)).at(-1)?.title).toBe('Admin · User History');
    // /admin/users itself still redirects (spec 001, 2.1).
    expect(handlesOf('/admin/users').at(-1)?.redirectTo).toBe('/admin/overview');
  });

  it("the player link of a song opens the player", () => {
    expect(handlesOf(playerPath(7)).at(-1)?.title).toBe('Player');
  });
});
