import { describe, it } from 'vitest';
import { expectPublicPage } from '../../lib/testing/public-page-expectations';
// The screen's module, loaded with this file: the route's lazy import then finds it ready.
import './about-screen';

describe('/about (spec 001, 2.5)', () => {
  it('has its heading, head tags and links', async () => {
    await expectPublicPage({ path: '/about', heading: 'About Woodshed', title: 'About Woodshed · Woodshed' });
  });
});
