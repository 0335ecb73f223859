import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { Plugin, ResolvedConfig } from 'vite';
import { escapeMarkup } from '../../api/http/escape-markup';
import { prerenderedDirName, prerenderedFileName } from '../../api/http/client-app';
import { indexedPublicPaths } from '../../client/src/lib/routes/paths';
import type { PageHeadTags } from '../../client/src/lib/page-head/page-head';

/** What client/src/prerender/render-public-page.tsx renders for one page. */
interface PrerenderedPage {
  body: string;
  head: PageHeadTags;
}

const renderEntry = 'src/prerender/render-public-page.tsx';

/** Vite plugin: prerender each indexed public page into client/dist/prerendered/ for crawlers without JS. */
export function prerenderPlugin(): Plugin {
  let config: ResolvedConfig | undefined;
  return {
    name: 'woodshed-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      sequential: true,
      order: 'pre',
      async handler() {
        if (!config) throw new Error('prerender: the config was never resolved');
        const root = config.root;
        const outDir = path.resolve(root, config.build.outDir);
        const ssrOutDir = path.resolve(root, '../node_modules/.cache/woodshed-prerender');
        await build({
          configFile: false,
          root,
          mode: config.mode,
          logLevel: 'warn',
          plugins: [react()],
          css: { modules: config.css.modules },
          build: { ssr: renderEntry, outDir: ssrOutDir, emptyOutDir: true, copyPublicDir: false, minify: false },
        });
        const { renderPublicPage } = (await import(pathToFileURL(path.join(ssrOutDir, 'render-public-page.js')).href)) as {
          renderPublicPage(pagePath: string): Promise<PrerenderedPage>;
        };
        const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
        await mkdir(path.join(outDir, prerenderedDirName), { recursive: true });
        for (const pagePath of indexedPublicPaths) {
          const page = await renderPublicPage(pagePath);
          await writeFile(path.join(outDir, prerenderedDirName, prerenderedFileName(pagePath)), pageHtml(template, page));
        }
      },
    },
  };
}

/** index.html with the page's head and markup in it. */
export function pageHtml(template: string, page: PrerenderedPage): string {
  const { head } = page;
  // The site's policy allows no inline styles (style-src 'self'), which would block (and report)
  // every style attribute of served markup; the app sets them itself once it has drawn the page.
  const body = page.body.replace(/ style="[^"]*"/g, '');
  const description = head.metas.find((meta) => meta.value === 'description')?.content ?? '';
  // Marked: once the app draws the page it removes them and writes its own (use-page-head.ts).
  const extraTags = [
    ...head.metas
      .filter((meta) => meta.value !== 'description')
      .map((meta) => `<meta ${meta.key}="${escapeMarkup(meta.value)}" content="${escapeMarkup(meta.content)}" data-prerendered />`),
    `<link rel="canonical" href="${escapeMarkup(head.canonicalUrl)}" data-prerendered />`,
    // jsonLd is already safe inside a script element (page-head.ts, scriptSafeJson).
    ...head.jsonLd.map((json) => `<script type="application/ld+json" data-prerendered>${json}</script>`),
  ];
  const replaced = template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(head.documentTitle)}</title>`)
    // index.html's own description is kept beside it: the app puts it back when the page is left.
    .replace(/<meta name="description" content="([^"]*)" \/>/, (_tag, own: string) => `<meta name="description" content="${escapeMarkup(description)}" data-index-content="${own}" />`)
    .replace('</head>', () => `    ${extraTags.join('\n    ')}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="prerendered">${body}</div>\n    <div id="root"></div>`);
  if (!replaced.includes('<div id="prerendered">') || !replaced.includes(`<title>${escapeMarkup(head.documentTitle)}</title>`)) {
    throw new Error('prerender: index.html no longer has the title, description or root this plugin fills in');
  }
  return replaced;
}
