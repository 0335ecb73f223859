import type { Plugin } from 'vite';
import { indexedPublicPaths, knownRoutePatterns } from '../../client/src/lib/routes/paths';
import { routeManifestFileName } from '../../api/http/route-manifest';
import type { RouteManifest } from '../../api/http/route-manifest';

/** Vite plugin: client/dist/route-manifest.json, from the router's own list (client/src/lib/routes/paths.ts). */
export function routeManifestPlugin(): Plugin {
  return {
    name: 'woodshed-route-manifest',
    apply: 'build',
    generateBundle() {
      const manifest: RouteManifest = { routePatterns: knownRoutePatterns, indexedPaths: indexedPublicPaths };
      this.emitFile({ type: 'asset', fileName: routeManifestFileName, source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}
