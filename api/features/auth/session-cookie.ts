import type { AppContext } from '../../http/app-context';

/** `__Host-woodshed_session` over https (no subdomain can plant or read it), `woodshed_session` on plain http, where `__Host-` is refused. */
export function sessionCookieName(publicUrl: string): string {
  return isHttps(publicUrl) ? '__Host-woodshed_session' : 'woodshed_session';
}

/** Set the session cookie (replacing any Set-Cookie of it already on this response). */
export function setSessionCookie(ctx: AppContext, publicUrl: string, token: string, expiresAt: Date, now: Date): void {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000));
  replaceCookie(ctx, publicUrl, `${sessionCookieName(publicUrl)}=${token}; Max-Age=${maxAge}; Expires=${expiresAt.toUTCString()}`);
}

/** Tell the browser to drop the session cookie. */
export function clearSessionCookie(ctx: AppContext, publicUrl: string): void {
  replaceCookie(ctx, publicUrl, `${sessionCookieName(publicUrl)}=; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT`);
}

/** The session token the request carries, if any. */
export function sessionTokenOf(ctx: AppContext, publicUrl: string): string | undefined {
  return ctx.cookies.get(sessionCookieName(publicUrl)) || undefined;
}

// Set by hand rather than with ctx.cookies.set: Koa refuses a Secure cookie when it does not see
// https itself, which is every deployment behind a TLS-terminating proxy.
function replaceCookie(ctx: AppContext, publicUrl: string, nameValueAndExpiry: string): void {
  const name = sessionCookieName(publicUrl);
  const attributes = ['Path=/', 'HttpOnly', 'SameSite=Lax', ...(isHttps(publicUrl) ? ['Secure'] : [])];
  const existing = ctx.response.get('Set-Cookie') as unknown as string[] | string;
  const others = (Array.isArray(existing) ? existing : existing ? [existing] : []).filter((cookie) => !cookie.startsWith(`${name}=`));
  ctx.set('Set-Cookie', [...others, [nameValueAndExpiry, ...attributes].join('; ')]);
}

function isHttps(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === 'https:';
}
