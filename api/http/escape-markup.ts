/**
 * Text made safe inside HTML or XML, in element content and in quoted attributes: the five
 * characters that could end or open markup become numeric character references.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
