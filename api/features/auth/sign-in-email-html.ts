import { escapeMarkup } from '../../http/escape-markup';

/** The HTML body of the sign-in e-mail: inline styles only, as mail clients drop style sheets. */
export function signInEmailHtml(values: { code: string; link: string }): string {
  const link = escapeMarkup(values.link);
  const code = escapeMarkup(values.code);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in to Woodshed</title></head>
<body style="margin:0;padding:24px;background:#111;color:#eee;font-family:Helvetica,Arial,sans-serif">
  <div style="max-width:480px;margin:0 auto;padding:32px;background:#1c1c1c;border-radius:12px">
    <h1 style="margin:0 0 16px;font-size:22px">Sign in to Woodshed</h1>
    <p style="margin:0 0 24px;line-height:1.5">Click the button to sign in:</p>
    <p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;padding:12px 24px;background:#f97316;color:#111;font-weight:bold;text-decoration:none;border-radius:8px">Sign in to Woodshed</a></p>
    <p style="margin:0 0 8px;line-height:1.5">Or enter this 6-digit code on the sign-in screen:</p>
    <p style="margin:0 0 24px;font-size:32px;letter-spacing:8px;font-family:Menlo,Consolas,monospace">${code}</p>
    <p style="margin:0 0 16px;line-height:1.5">The code will expire in 15 minutes.</p>
    <p style="margin:0;color:#999;font-size:13px;line-height:1.5">If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without it.</p>
  </div>
</body>
</html>
`;
}
