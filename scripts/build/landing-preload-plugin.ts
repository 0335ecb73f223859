import type { Plugin } from 'vite';
import { staticClosure } from './shell-precache-plugin';

/** The landing screen's module: most first visits start there (every call to action of the site leads from it). */
const landingModule = '/client/src/features/marketing/landing-screen.tsx';

/** Vite plugin: index.html preloads the landing screen's chunks and stylesheet. */
export function landingPreloadPlugin(): Plugin {
  return {
    name: 'woodshed-landing-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const landing = Object.values(bundle).find((output) => output.type === 'chunk' && output.facadeModuleId?.endsWith(landingModule));
        if (!landing) throw new Error(`landing-preload: no chunk for ${landingModule}`);
        const files = [...staticClosure(bundle, [landing.fileName])];
        const styles = files.filter((file) => file.endsWith('.css'));
        const scripts = files.filter((file) => !file.endsWith('.css'));
        const linked = (file: string) => html.includes(`/${file}"`);
        return [
          ...scripts
            .filter((file) => !linked(file))
            .map((file) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
          ...styles
            .filter((file) => !linked(file))
            .map((file) => ({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${file}` }, injectTo: 'head' as const })),
        ];
      },
    },
  };
}
