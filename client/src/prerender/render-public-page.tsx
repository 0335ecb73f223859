import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { routes } from '../app/routes';
import { makeStore } from '../app/store';
import { PRERENDER_ORIGIN, PrerenderHead } from '../lib/page-head/use-page-head';
import { pageHeadTags } from '../lib/page-head/page-head';
import type { PageHead, PageHeadTags } from '../lib/page-head/page-head';

/** One public page rendered at build time: its markup and the tags of its head. */
export interface PrerenderedPage {
  /** The markup of the page's screen, as a visitor without a session first sees it. */
  body: string;
  head: PageHeadTags;
}

/** Renders the public page at `path` as a visitor sees it, with the app's routes, store and screens, in Node at build time (decision 0060). */
export async function renderPublicPage(path: string): Promise<PrerenderedPage> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, PRERENDER_ORIGIN)));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered a redirect (${context.status})`);
  if (context.statusCode !== 200) throw new Error(`prerender: ${path} answered ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  let head: PageHead | undefined;
  const body = renderToString(
    <PrerenderHead.Provider value={(said) => (head = said)}>
      <Provider store={makeStore()}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </PrerenderHead.Provider>,
  );
  if (!head) throw new Error(`prerender: ${path} did not say what its head is (usePageHead)`);
  return { body, head: pageHeadTags(head, PRERENDER_ORIGIN) };
}
