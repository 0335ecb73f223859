import { escapeMarkup } from './escape-markup';

/**
 * robots.txt and sitemap.xml of the public site, with absolute addresses on the configured public
 * origin (PUBLIC_URL), which is runtime configuration: they are written per request, not built.
 */

/** robots.txt: everything but the API may be crawled; the sitemap says where the pages are. */
export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}

/** sitemap.xml (sitemaps.org 0.9) listing `paths` on `publicUrl`. */
export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeMarkup(`${publicUrl}${path}`)}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
