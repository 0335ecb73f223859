import { createHash } from 'node:crypto';
import { escapeMarkup } from '../../http/escape-markup';

/**
 * The page's own look, in the app's palette (client/src/app/theme.css): the page is served by the
 * API on its own, without the client's stylesheet, so it carries its style inline, allowed by the
 * Content-Security-Policy through its hash (`unsubscribePageStyleSource`), not 'unsafe-inline'.
 */
const style = `
:root { color-scheme: dark; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 24px; box-sizing: border-box;
  background: #0e1014; color: #ece8e1; line-height: 1.5;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; }
main { width: 100%; max-width: 440px; padding: 32px; border: 1px solid #2a2f3a; border-radius: 10px; background: #161920; }
.brand { margin: 0 0 20px; font-weight: 700; letter-spacing: 0.08em; text-transform: uppercase; color: #f2a93b; font-size: 14px; }
h1 { margin: 0 0 12px; font-size: 22px; line-height: 1.3; }
p { margin: 0 0 20px; color: #9aa0ab; }
a { color: #f2a93b; }
button { font: inherit; font-weight: 600; padding: 10px 20px; border: 0; border-radius: 10px; background: #f2a93b; color: #1a1206; cursor: pointer; }
button:hover { background: #ffbe5c; }
button:focus-visible, a:focus-visible { outline: 2px solid #ffbe5c; outline-offset: 2px; }
`;

/** The CSP source that allows the page's inline style, and nothing else inline. */
export const unsubscribePageStyleSource = `'sha256-${createHash('sha256').update(style).digest('base64')}'`;

/** What the unsubscribe link's page says. */
export type UnsubscribePageState = 'confirm' | 'done' | 'invalid';

/**
 * The page behind a campaign mail's unsubscribe link. Opening the link (GET) changes nothing: it
 * asks to confirm with a button that POSTs the same link, as a mail client's one-click does.
 */
export function unsubscribePage(state: UnsubscribePageState, actionUrl: string): string {
  const body =
    state === 'confirm'
      ? `<h1>Unsubscribe from announcements?</h1>
<p>You will no longer receive Woodshed announcements by e-mail. Account, billing and legal e-mails still reach you.</p>
<form method="post" action="${escapeMarkup(actionUrl)}"><button type="submit">Unsubscribe</button></form>`
      : state === 'done'
        ? `<h1>You are unsubscribed</h1>
<p>You will no longer receive Woodshed announcements. You can subscribe again on the <a href="/email-preferences">E-mail Preferences</a> page.</p>`
        : `<h1>This unsubscribe link is not valid</h1>
<p>It may have been cut short by your mail program. You can turn announcements off on the <a href="/email-preferences">E-mail Preferences</a> page.</p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Woodshed announcements</title><style>${style}</style></head>
<body>
<main>
<p class="brand">Woodshed</p>
${body}
</main>
</body>
</html>
`;
}
