import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** Written next to index.html by the client build, so the server knows the client's routes without its code (decision 0025). */
export const routeManifestFileName = 'route-manifest.json';

const routePattern = z.string().regex(/^\/[A-Za-z0-9/:_-]*$/, { message: 'must be an absolute route pattern' });

const routeManifestSchema = z.object({
  /** React Router patterns: literal segments and `:param` segments. */
  routePatterns: z.array(routePattern).min(1),
  /** Absolute paths of the public pages the sitemap lists. */
  indexedPaths: z.array(routePattern),
});

/** The contents of {@link routeManifestFileName}. */
export type RouteManifest = Readonly<{ [Key in keyof z.infer<typeof routeManifestSchema>]: readonly string[] }>;

/** A parsed manifest with its patterns compiled. */
export interface ClientRoutes {
  /** Whether the client draws a screen (or a redirect) at `urlPath`, as React Router would match it. */
  isKnown(urlPath: string): boolean;
  indexedPaths: readonly string[];
}

/** Reads `<distDir>/route-manifest.json` again only when it changed; undefined without one; throws on a broken one. */
export function routeManifestReader(distDir: string): () => Promise<ClientRoutes | undefined> {
  const file = path.join(distDir, routeManifestFileName);
  let cached: { mtimeMs: number; routes: ClientRoutes } | undefined;
  return async () => {
    let mtimeMs: number;
    try {
      mtimeMs = (await stat(file)).mtimeMs;
    } catch {
      return undefined;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      const manifest = routeManifestSchema.parse(JSON.parse(await readFile(file, 'utf8')));
      cached = { mtimeMs, routes: compileRoutes(manifest) };
    }
    return cached.routes;
  };
}

/** Compiles patterns as React Router matches them: case-insensitive, optional trailing slash, `:param` one segment. */
export function compileRoutes(manifest: RouteManifest): ClientRoutes {
  const matchers = manifest.routePatterns.map((pattern) => {
    const segments = pattern
      .split('/')
      .filter((segment) => segment !== '')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : escapeRegExp(segment)));
    return new RegExp(`^/${segments.join('/')}${segments.length > 0 ? '/?' : ''}$`, 'i');
  });
  return {
    isKnown: (urlPath) => matchers.some((matcher) => matcher.test(urlPath)),
    indexedPaths: manifest.indexedPaths,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
