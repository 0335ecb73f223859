import type { Plugin } from 'vite';

/** The landing screen's module: most first visits start there (every call to action of the site leads from it). */
const landingModule = '/client/src/features/marketing/landing-screen.tsx';

/**
 * Vite plugin: lets index.html fetch the landing screen's chunk (and the chunks it imports) and
 * its stylesheet while the entry script loads, instead of after the router has started and asked
 * for the route (the landing page's largest contentful paint, decision 0027). Module preloads are only
 * fetched and compiled, not run, so other pages pay about 5 KB of transfer and nothing else.
 */
export function landingPreloadPlugin(): Plugin {
  return {
    name: 'woodshed-landing-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
        const landing = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(landingModule));
        if (!landing) throw new Error(`landing-preload: no chunk for ${landingModule}`);
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const scripts = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          if (scripts.has(fileName)) return;
          scripts.add(fileName);
          const chunk = byName.get(fileName);
          for (const css of chunk?.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of chunk?.imports ?? []) visit(imported);
        };
        visit(landing.fileName);
        const linked = (file: string) => html.includes(`/${file}"`);
        return [
          ...[...scripts]
            .filter((file) => !linked(file))
            .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          ...[...styles]
            .filter((file) => !linked(file))
            .map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}
