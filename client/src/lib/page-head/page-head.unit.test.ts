import { describe, expect, it } from 'vitest';
import { documentTitle, pageHeadTags, scriptSafeJson } from './page-head';

describe('pageHeadTags', () => {
  const tags = pageHeadTags(
    {
      title: 'Drumless Tracks',
      description: 'Play the drums with the band.',
      path: '/drumless-tracks',
      structuredData: (origin) => [{ '@context': 'https://schema.org', '@type': 'WebPage', url: `${origin}/drumless-tracks` }],
    },
    'https://woodshed.example',
  );
  const meta = (value: string) => tags.metas.find((tag) => tag.value === value)?.content;

  it('names the page, then the brand', () => {
    expect(tags.documentTitle).toBe('Drumless Tracks · Woodshed');
    expect(meta('og:title')).toBe('Drumless Tracks · Woodshed');
    expect(meta('twitter:title')).toBe('Drumless Tracks · Woodshed');
  });

  it('gives absolute addresses on the origin for the canonical link, og:url and the image', () => {
    expect(tags.canonicalUrl).toBe('https://woodshed.example/drumless-tracks');
    expect(meta('og:url')).toBe('https://woodshed.example/drumless-tracks');
    expect(meta('og:image')).toBe('https://woodshed.example/social-card.png');
    expect(meta('twitter:image')).toBe('https://woodshed.example/social-card.png');
  });

  it('repeats the description for search results and link previews, keyed by name or property', () => {
    expect(tags.metas.filter((tag) => tag.content === 'Play the drums with the band.').map((tag) => `${tag.key}=${tag.value}`)).toEqual([
      'name=description',
      'property=og:description',
      'name=twitter:description',
    ]);
    expect(meta('og:type')).toBe('article');
  });

  it('lists each tag once', () => {
    const keys = tags.metas.map((tag) => `${tag.key}=${tag.value}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('serialises each structured-data object on its own', () => {
    expect(tags.jsonLd.map((json) => JSON.parse(json) as unknown)).toEqual([
      { '@context': 'https://schema.org', '@type': 'WebPage', url: 'https://woodshed.example/drumless-tracks' },
    ]);
  });
});

describe('documentTitle', () => {
  it('is the brand alone for the brand itself', () => {
    expect(documentTitle('Woodshed')).toBe('Woodshed');
  });
});

describe('scriptSafeJson', () => {
  it('cannot end the script element early and still parses to the same value', () => {
    const value = { answer: 'a </script><script>alert(1)</script> b' };
    const json = scriptSafeJson(value);
    expect(json).not.toContain('</script');
    expect(JSON.parse(json)).toEqual(value);
  });
});
