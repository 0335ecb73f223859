import { matchRoutes } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { indexedPublicPaths, knownRoutePatterns } from '../lib/routes/paths';
import type { RouteHandle } from './route-handle';
import { routes } from './routes';

function patternsOf(table: RouteObject[]): string[] {
  return table.flatMap((route) => [...(route.path !== undefined ? [route.path] : []), ...patternsOf(route.children ?? [])]);
}

describe('the route patterns the server is given (decision 0025)', () => {
  it('are exactly the patterns of the route table, less the not-found catch-all', () => {
    const routed = patternsOf(routes).filter((pattern) => pattern !== '*');
    expect(new Set(knownRoutePatterns)).toEqual(new Set(routed));
    expect(knownRoutePatterns).toHaveLength(routed.length);
  });

  it('index only public pages', () => {
    for (const path of indexedPublicPaths) {
      const layers = (matchRoutes(routes, path) ?? []).flatMap((match) => (match.route.handle as RouteHandle | undefined)?.layer ?? []);
      expect(layers, path).toEqual(['public']);
    }
  });
});
