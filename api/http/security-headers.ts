import helmet from 'koa-helmet';
import type { AppMiddleware } from './app-context';

/**
 * The Content-Security-Policy for the built client (client/dist). Vite's production build emits
 * only external module scripts and stylesheets (checked with Vite 8: no inline script), so scripts
 * and styles come from 'self' alone.
 */
export function contentSecurityPolicy(options: { https: boolean }): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    // blob: because Tone.js (standardized-audio-context) loads its AudioWorklet processors from
    // blob: URLs, and worklets are governed by script-src. A blob: URL can only be minted by
    // script already running on our origin, so it opens no injection path. 'wasm-unsafe-eval'
    // lets WebAssembly compile (and only that, not JavaScript eval): the time-stretch worklet
    // (signalsmith-stretch) and the MP3 export worker (LAME) are WebAssembly, and a worklet and a
    // worker run under this policy too (decision 0033).
    'script-src': ["'self'", 'blob:', "'wasm-unsafe-eval'"],
    // Tone.js runs its clock in a Worker created from a blob: URL.
    'worker-src': ["'self'", 'blob:'],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    // data: for the MP3 export's encoder, whose WebAssembly binary ships inside its module as a
    // data: URL that it fetches to compile (a data: URL holds its own bytes: nothing leaves).
    'connect-src': ["'self'", 'data:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Only over https: on http://localhost it would send the browser to an https port nobody serves.
    ...(options.https && { 'upgrade-insecure-requests': [] }),
  };
}

/**
 * Browser features our pages may use (autoplay, fullscreen); everything else is off, so an
 * injected script or framed page cannot prompt for it in our name. Only names Chromium recognises
 * (it warns about others), hence no 'bluetooth' or 'web-share'.
 */
export const permissionsPolicy: Readonly<Record<string, string>> = {
  autoplay: '(self)',
  fullscreen: '(self)',
  accelerometer: '()',
  'browsing-topics': '()',
  camera: '()',
  'display-capture': '()',
  'encrypted-media': '()',
  gamepad: '()',
  geolocation: '()',
  gyroscope: '()',
  hid: '()',
  'idle-detection': '()',
  'local-fonts': '()',
  magnetometer: '()',
  microphone: '()',
  midi: '()',
  payment: '()',
  'picture-in-picture': '()',
  'publickey-credentials-create': '()',
  'publickey-credentials-get': '()',
  'screen-wake-lock': '()',
  serial: '()',
  usb: '()',
  'xr-spatial-tracking': '()',
};

const permissionsPolicyHeader = Object.entries(permissionsPolicy)
  .map(([feature, allowlist]) => `${feature}=${allowlist}`)
  .join(', ');

/**
 * Helmet's security headers with our CSP, and our Permissions-Policy (helmet has none); HSTS only
 * when the app is served over https.
 */
export function securityHeaders(options: { publicUrl: string }): AppMiddleware {
  const https = new URL(options.publicUrl).protocol === 'https:';
  const helmetHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy({ https }) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // With helmet's Cross-Origin-Opener-Policy: same-origin, this makes the page cross-origin
    // isolated, which is what lets it use SharedArrayBuffer: the player keeps each decoded stem once,
    // shared with the audio thread, instead of a copy on each side (client/src/lib/audio/pcm-buffer.ts).
    // Everything the app loads is its own (CSP 'self'), and helmet marks it same-origin for CORP.
    crossOriginEmbedderPolicy: { policy: 'require-corp' },
  }) as AppMiddleware;
  return async (ctx, next) => {
    ctx.set('Permissions-Policy', permissionsPolicyHeader);
    await helmetHeaders(ctx, next);
  };
}
