import helmet from 'koa-helmet';
import type { AppMiddleware } from './app-context';

/** The CSP for the built client: Vite emits only external scripts and stylesheets, so both come from 'self'. */
export function contentSecurityPolicy(options: { https: boolean }): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    // blob: for Tone.js's AudioWorklet processors (minted only by our own script, so no injection path);
    // 'wasm-unsafe-eval' for the WebAssembly worklet and MP3 worker (decision 0033).
    'script-src': ["'self'", 'blob:', "'wasm-unsafe-eval'"],
    // Tone.js runs its clock in a Worker created from a blob: URL.
    'worker-src': ["'self'", 'blob:'],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'media-src': ["'self'", 'blob:'],
    'font-src': ["'self'", 'data:'],
    // data: for the MP3 encoder's WebAssembly, shipped inside its module as a data: URL.
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

/** Browser features our pages may use; everything else is off. Only names Chromium recognises (it warns about others). */
export const permissionsPolicy: Readonly<Record<string, string>> = {
  autoplay: '(self)',
  fullscreen: '(self)',
  // Takes are recorded from the microphone in the player (decision 0080).
  microphone: '(self)',
  // Foot controllers and other MIDI devices drive the player (decision 0082).
  midi: '(self)',
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

/** Helmet's headers with our CSP and Permissions-Policy; HSTS only over https. */
export function securityHeaders(options: { publicUrl: string }): AppMiddleware {
  const https = new URL(options.publicUrl).protocol === 'https:';
  const helmetHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy({ https }) },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    // With helmet's COOP same-origin, this makes the page cross-origin isolated, so the player can share
    // decoded stems with the audio thread via SharedArrayBuffer (client/src/lib/audio/pcm-buffer.ts).
    crossOriginEmbedderPolicy: { policy: 'require-corp' },
  }) as AppMiddleware;
  return async (ctx, next) => {
    ctx.set('Permissions-Policy', permissionsPolicyHeader);
    await helmetHeaders(ctx, next);
  };
}
