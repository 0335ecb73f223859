/**
 * The plain-text part of a campaign mail, from the admin's HTML. Unlike the stored `textBody`
 * (tags stripped), it keeps the message's shape: blank lines between blocks, `<br>` and rows end a
 * line, list items start with "- ", links keep their address, entities decoded, typed breaks kept.
 */
export function campaignPlainText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(script|style|head|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)')[^>]*>([\s\S]*?)<\/a\s*>/gi, (_match, double?: string, single?: string, label = '') =>
      withAddress(label, decodeEntities(double ?? single ?? '')),
    )
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/tr\s*>/gi, '\n')
    .replace(/<\/?(p|div|h[1-6]|ul|ol|blockquote|pre|table|section|article|header|footer|hr)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/, '').replace(/^[ \t]+(?=- )/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** "label (address)", or the address alone when the label is empty or already says it. */
function withAddress(label: string, address: string): string {
  const shown = label.replace(/<[^>]*>/g, '').trim();
  if (address === '' || address.startsWith('#')) return label;
  if (shown === '' || decodeEntities(shown) === address) return address;
  return `${label} (${address})`;
}

const namedEntities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#')) {
      const code = lower.startsWith('#x') ? Number.parseInt(lower.slice(2), 16) : Number.parseInt(lower.slice(1), 10);
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return namedEntities[lower] ?? entity;
  });
}
