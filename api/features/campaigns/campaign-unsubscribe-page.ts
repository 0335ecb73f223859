/** What the unsubscribe link's page says. */
export type UnsubscribePageState = 'confirm' | 'done' | 'invalid';

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page behind a campaign mail's unsubscribe link. Opening the link (GET) changes nothing: it
 * asks to confirm with a button that POSTs the same link, as a mail client's one-click does.
 */
export function unsubscribePage(state: UnsubscribePageState, actionUrl: string): string {
  const body =
    state === 'confirm'
      ? `<h1>Unsubscribe from announcements?</h1>
<p>You will no longer receive Woodshed announcements by e-mail. Account, billing and legal e-mails still reach you.</p>
<form method="post" action="${escapeHtml(actionUrl)}"><button type="submit">Unsubscribe</button></form>`
      : state === 'done'
        ? `<h1>You are unsubscribed</h1>
<p>You will no longer receive Woodshed announcements. You can subscribe again on the <a href="/email-preferences">E-mail Preferences</a> page.</p>`
        : `<h1>This unsubscribe link is not valid</h1>
<p>It may have been cut short by your mail program. You can turn announcements off on the <a href="/email-preferences">E-mail Preferences</a> page.</p>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Woodshed announcements</title></head>
<body>
${body}
</body>
</html>
`;
}
