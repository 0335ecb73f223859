import { createReadStream } from 'node:fs';
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext, AppMiddleware } from './app-context';
import { isApiPath } from './api-path';
import { routeManifestReader } from './route-manifest';
import { robotsTxt, sitemapXml } from './site-map';
import { escapeMarkup } from './escape-markup';

// Vite names everything under assets/ after its content hash, so those files never change.
const immutable = 'public, max-age=31536000, immutable';
// index.html and unhashed files (favicon, manifest, service worker) are revalidated every time.
const revalidate = 'no-cache';

/** Encodings the build stores next to a file (scripts/build/precompress-plugin.ts), best first. */
const precompressed = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
] as const;

/** The public pages pre-rendered into this folder of client/dist (decision 0060), written on {@link prerenderOrigin}, replaced with the public origin when served. */
export const prerenderedDirName = 'prerendered';

/** Must equal PRERENDER_ORIGIN of client/src/lib/page-head/use-page-head.ts. */
export const prerenderOrigin = 'https://prerender.woodshed.invalid';

/** The file of the page at `urlPath` ('/drumless-tracks' -> 'drumless-tracks.html'). */
export function prerenderedFileName(urlPath: string): string {
  return `${urlPath.replace(/^\/+/, '').replace(/\//g, '__')}.html`;
}

export interface ClientAppOptions {
  distDir: string;
  /** The configured public origin (PUBLIC_URL): robots.txt and the sitemap give absolute addresses on it. */
  publicUrl: string;
}

/**
 * Serve the built client for GET/HEAD outside /api: a file (precompressed when accepted), else
 * index.html, 200 at a client route and 404 elsewhere (decision 0025); pre-rendered pages on the public
 * origin; robots.txt and sitemap.xml from the manifest. Without a build, 503.
 */
export function serveClientApp(options: ClientAppOptions): AppMiddleware {
  const distDir = path.resolve(options.distDir);
  const indexFile = path.join(distDir, 'index.html');
  const readRoutes = routeManifestReader(distDir);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || isApiPath(ctx.path)) {
      await next();
      return;
    }
    const index = await fileStats(indexFile);
    if (index === undefined) {
      answerClientNotBuilt(ctx, distDir);
      return;
    }
    const routes = await readRoutes();
    if (ctx.path === '/robots.txt') {
      answerGenerated(ctx, 'text/plain; charset=utf-8', robotsTxt(options.publicUrl));
      return;
    }
    if (ctx.path === '/sitemap.xml' && routes !== undefined) {
      answerGenerated(ctx, 'application/xml; charset=utf-8', sitemapXml(options.publicUrl, routes.indexedPaths));
      return;
    }
    if (routes?.indexedPaths.includes(ctx.path)) {
      const page = path.join(distDir, prerenderedDirName, prerenderedFileName(ctx.path));
      const pageStats = await fileStats(page);
      if (pageStats !== undefined) {
        await answerPrerendered(ctx, page, options.publicUrl);
        return;
      }
    }
    // The pre-rendered files carry a stand-in origin: they are answered at their pages' paths only.
    const requested = ctx.path.startsWith(`/${prerenderedDirName}/`) ? undefined : resolveInside(distDir, ctx.path);
    const requestedStats = requested !== undefined ? await fileStats(requested) : undefined;
    if (requested !== undefined && requestedStats !== undefined) {
      await sendFile(ctx, requested, requestedStats, { cacheControl: isHashedAsset(ctx.path) ? immutable : revalidate, status: 200 });
      return;
    }
    if (isHashedAsset(ctx.path)) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    // A build without a manifest (older than decision 0025) cannot tell: every path is the app.
    const known = routes === undefined || routes.isKnown(ctx.path);
    await sendFile(ctx, indexFile, index, { cacheControl: revalidate, status: known ? 200 : 404 });
  };
}

function isHashedAsset(urlPath: string): boolean {
  return urlPath.startsWith('/assets/');
}

/** The file a URL path names inside `root`, or undefined when it is malformed or escapes root. */
function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  return file.startsWith(root + path.sep) ? file : undefined;
}

async function fileStats(file: string): Promise<Stats | undefined> {
  try {
    const stats = await stat(file);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

async function sendFile(ctx: AppContext, file: string, stats: Stats, options: { cacheControl: string; status: 200 | 404 }): Promise<void> {
  const variants = await compressedVariants(file);
  if (variants.length > 0) ctx.vary('Accept-Encoding');
  const chosen = variants.find((variant) => ctx.acceptsEncodings(variant.encoding) === variant.encoding);
  const sent = chosen ?? { encoding: undefined, file, stats };
  ctx.set('Cache-Control', options.cacheControl);
  if (options.status === 200) {
    // Koa judges freshness only for a 2xx, so set it first. The tag names the encoding, so a cache never mixes them.
    ctx.status = 200;
    ctx.lastModified = stats.mtime;
    ctx.etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${sent.encoding ? `-${sent.encoding}` : ''}"`;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
  } else {
    ctx.status = options.status;
  }
  ctx.type = path.extname(file);
  if (sent.encoding !== undefined) ctx.set('Content-Encoding', sent.encoding);
  ctx.length = sent.stats.size;
  // For HEAD, Koa ends the response without reading the stream and destroys it when done.
  ctx.body = createReadStream(sent.file);
}

/** The precompressed copies of `file` the build left next to it, best first. */
async function compressedVariants(file: string): Promise<{ encoding: string; file: string; stats: Stats }[]> {
  const found = await Promise.all(
    precompressed.map(async ({ encoding, extension }) => {
      const stats = await fileStats(file + extension);
      return stats === undefined ? undefined : { encoding, file: file + extension, stats };
    }),
  );
  return found.filter((variant) => variant !== undefined);
}

/** A pre-rendered page with the public origin (and domain) in its addresses; revalidated like index.html. */
async function answerPrerendered(ctx: AppContext, file: string, publicUrl: string): Promise<void> {
  // The support address is support@ the site's domain (client/src/components/ui/support-address.ts).
  const domain = new URL(publicUrl).hostname.replace(/^www\./, '');
  const html = (await readFile(file, 'utf8')).replaceAll(prerenderOrigin, publicUrl).replaceAll(`@${new URL(prerenderOrigin).hostname}`, `@${domain}`);
  ctx.status = 200;
  ctx.set('Cache-Control', revalidate);
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = html;
}

/** robots.txt and the sitemap: small, written per request, cached by browsers and crawlers for an hour. */
function answerGenerated(ctx: AppContext, type: string, body: string): void {
  ctx.status = 200;
  ctx.set('Cache-Control', 'public, max-age=3600');
  ctx.type = type;
  ctx.body = body;
}

function answerClientNotBuilt(ctx: AppContext, distDir: string): void {
  ctx.status = 503;
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Retry-After', '10');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Woodshed: client not built</title></head>
<body>
<h1>The Woodshed client is not built yet</h1>
<p>The API is running, but there is no client build in <code>${escapeMarkup(path.relative(process.cwd(), distDir) || distDir)}</code>.</p>
<p>Run <code>npm run build</code>, or restart with <code>npm start</code>, which builds the client when it is missing or out of date.</p>
</body>
</html>
`;
}

