import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compileRoutes, routeManifestFileName, routeManifestReader } from './route-manifest';

describe('client route patterns on the server', () => {
  const routes = compileRoutes({ routePatterns: ['/', '/library', '/admin/users/:userId', '/privacy/requests'], indexedPaths: [] });

  it('matches as React Router does: any case, one optional trailing slash, a parameter per segment', () => {
    for (const known of ['/', '/library', '/LIBRARY', '/library/', '/admin/users/42', '/admin/users/a%20b', '/privacy/requests']) {
      expect(routes.isKnown(known), known).toBe(true);
    }
    for (const unknown of ['/library/x', '/library//', '/admin/users', '/admin/users/', '/admin/users/1/2', '/privacy', '/nope', '//']) {
      expect(routes.isKnown(unknown), unknown).toBe(false);
    }
  });

  it('takes pattern characters literally', () => {
    const dotted = compileRoutes({ routePatterns: ['/a-b'], indexedPaths: [] });
    expect(dotted.isKnown('/a-b')).toBe(true);
    expect(dotted.isKnown('/axb')).toBe(false);
  });
});

describe('reading client/dist/route-manifest.json', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is undefined without the file, reads it again once it changes, and refuses a malformed one', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'woodshed-routes-'));
    const file = path.join(dir, routeManifestFileName);
    const read = routeManifestReader(dir);
    expect(await read()).toBeUndefined();

    await writeFile(file, JSON.stringify({ routePatterns: ['/a'], indexedPaths: ['/a'] }));
    expect((await read())?.isKnown('/a')).toBe(true);

    await writeFile(file, JSON.stringify({ routePatterns: ['/b'], indexedPaths: [] }));
    const later = new Date(Date.now() + 5_000);
    await utimes(file, later, later);
    expect((await read())?.isKnown('/a')).toBe(false);
    expect((await read())?.isKnown('/b')).toBe(true);

    await writeFile(file, JSON.stringify({ routePatterns: ['no-slash'], indexedPaths: [] }));
    const evenLater = new Date(Date.now() + 10_000);
    await utimes(file, evenLater, evenLater);
    await expect(read()).rejects.toThrow();
  });
});
