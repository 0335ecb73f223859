import { createReadStream } from 'node:fs';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext, AppMiddleware } from './app-context';
import { isApiPath } from './api-path';

// Vite names everything under assets/ after its content hash, so those files never change.
const immutable = 'public, max-age=31536000, immutable';
// index.html and unhashed files (favicon, manifest, service worker) are revalidated every time.
const revalidate = 'no-cache';

/**
 * Serve the built client (Vite output: index.html + assets/) for every GET/HEAD outside /api:
 * a file when it exists, otherwise index.html so client-side routes (/login, /player?songId=1)
 * survive a reload. A missing file under /assets/ is a real 404: answering HTML for a script
 * would only hide the error. Without a build, a 503 page says so.
 */
export function serveClientApp(options: { distDir: string }): AppMiddleware {
  const distDir = path.resolve(options.distDir);
  const indexFile = path.join(distDir, 'index.html');
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
    const requested = resolveInside(distDir, ctx.path);
    const requestedStats = requested !== undefined ? await fileStats(requested) : undefined;
    if (requested !== undefined && requestedStats !== undefined) {
      sendFile(ctx, requested, requestedStats, isHashedAsset(ctx.path) ? immutable : revalidate);
      return;
    }
    if (isHashedAsset(ctx.path)) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    sendFile(ctx, indexFile, index, revalidate);
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

function sendFile(ctx: AppContext, file: string, stats: Stats, cacheControl: string): void {
  // Koa judges freshness only for a 2xx status, so set it before asking.
  ctx.status = 200;
  ctx.set('Cache-Control', cacheControl);
  ctx.lastModified = stats.mtime;
  ctx.etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  ctx.type = path.extname(file);
  ctx.length = stats.size;
  // For HEAD, Koa ends the response without reading the stream and destroys it when done.
  ctx.body = createReadStream(file);
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
<p>The API is running, but there is no client build in <code>${escapeHtml(path.relative(process.cwd(), distDir) || distDir)}</code>.</p>
<p>Run <code>npm run build</code>, or restart with <code>npm start</code>, which builds the client when it is missing or out of date.</p>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
