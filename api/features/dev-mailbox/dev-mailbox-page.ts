import type { OutboxEntry } from '../../adapters/email/email-outbox';
import { escapeMarkup } from '../../http/escape-markup';

/**
 * The dev mailbox as one HTML page, newest first. No styles or scripts: the app's
 * Content-Security-Policy forbids inline ones, and plain HTML is all a developer needs here.
 */
export function devMailboxPage(entries: readonly OutboxEntry[]): string {
  const items = entries.map(renderEntry).join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Woodshed dev mailbox</title></head>
<body>
<h1>Dev mailbox</h1>
<p>Every e-mail Woodshed queued, newest first. This page exists only outside production.</p>
${entries.length === 0 ? '<p>No e-mail yet. Ask for a sign-in link on <a href="/login">the login screen</a>.</p>' : `<ol>\n${items}\n</ol>`}
</body>
</html>
`;
}

function renderEntry(entry: OutboxEntry): string {
  const status = entry.sentAt !== null ? `sent ${entry.sentAt.toISOString()}` : entry.failedAt !== null ? 'gave up' : 'queued';
  const link = entry.data?.link;
  const code = entry.data?.code;
  return `<li>
<h2>${escapeMarkup(entry.subject)}</h2>
<p>To <strong>${escapeMarkup(entry.to)}</strong>, ${escapeMarkup(entry.createdAt.toISOString())} (${status})</p>
${code !== undefined ? `<p>Code: <strong>${escapeMarkup(code)}</strong></p>` : ''}
${link !== undefined ? `<p><a href="${escapeMarkup(link)}">Open the sign-in link</a></p>` : ''}
${entry.text !== null ? `<pre>${escapeMarkup(entry.text)}</pre>` : '<p>(body not kept: handed to the mail service)</p>'}
</li>`;
}
