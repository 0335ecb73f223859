import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectPublicPage } from '../../lib/testing/public-page-expectations';
import { renderAppRoute, routerAt } from '../../lib/testing/render-app-route';
// The screens' modules, loaded with this file: the routes' lazy imports then find them ready, as
// they would find their chunks in the browser's cache.
import '../auth/login-screen';
import './seo-landing-screen';

describe('the backing-track pages (spec 001, 2.5)', () => {
  it.each([
    { path: '/drumless-tracks', heading: 'Drumless tracks: you are the drummer', title: 'Drumless Tracks for Drummers · Woodshed' },
    { path: '/bassless-tracks', heading: 'Bassless tracks: hold down the low end', title: 'Bassless Tracks for Bass Players · Woodshed' },
    { path: '/guitarless-tracks', heading: 'Guitarless tracks: the riffs are yours', title: 'Guitarless Tracks for Guitarists · Woodshed' },
    { path: '/vocal-tracks', heading: 'Vocal tracks: sing with the full band', title: 'Vocal Backing Tracks and Karaoke · Woodshed' },
  ])('$path has its heading, head tags and links', async (page) => {
    await expectPublicPage(page);
  });

  it("opens the sign-in page from the header's Start Free Trial", async () => {
    const { router } = await renderAppRoute('/vocal-tracks');
    fireEvent.click(screen.getByText('Start Free Trial', { selector: 'a' }));
    await routerAt(router, '/login');
    expect(screen.getByText('Send Magic Link', { selector: 'button' })).toBeDefined();
  });
});
