/**
 * The text body of a campaign, derived from its message (spec 001 section 3): HTML tags stripped,
 * non-breaking spaces (the `&nbsp;` entity or the character itself) turned into plain spaces.
 * Nothing else is changed, so the client and the server derive the same text.
 */
export function campaignTextBody(htmlBody: string): string {
  return htmlBody
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/gi, ' ')
    .replace(/\u00a0/g, ' ');
}
