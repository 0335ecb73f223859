/** Why recording could not start or had to stop, in words a musician can act on. */
export type MicrophoneProblem = 'insecure' | 'unsupported' | 'no-microphone' | 'denied' | 'busy' | 'unplugged' | 'storage-full' | 'failed';

export const microphoneProblemMessages: Readonly<Record<MicrophoneProblem, string>> = {
  insecure: 'Recording needs a secure connection (https). Open Woodshed over https to record takes.',
  unsupported: 'This browser cannot record from a microphone.',
  'no-microphone': 'No microphone was found. Plug in a microphone or audio interface, then press Record again.',
  denied: 'Woodshed is not allowed to use the microphone. Allow it in the browser’s site settings, then press Record again.',
  busy: 'The microphone is in use by another application. Close it, then press Record again.',
  unplugged: 'The microphone was disconnected. The take was kept up to that point.',
  'storage-full': 'This device’s storage is full. The take was kept up to that point; delete old takes to make room.',
  failed: 'Recording failed. Please try again.',
};

/** The problem behind an error of getUserMedia (a DOMException by name). */
export function problemOfMicrophoneError(error: unknown): MicrophoneProblem {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotFoundError':
    case 'OverconstrainedError':
    case 'DevicesNotFoundError':
      return 'no-microphone';
    case 'NotAllowedError':
    case 'SecurityError':
    case 'PermissionDeniedError':
      return 'denied';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'failed';
  }
}

/** Whether a storage write failed because the device's quota is used up. */
export function isQuotaError(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String((error as { name: unknown }).name) : '';
  return name === 'QuotaExceededError' || (name === 'UnknownError' && String((error as { message?: unknown }).message ?? '').toLowerCase().includes('quota'));
}

/** Whether this page may record at all: a secure context with getUserMedia and AudioWorklet. */
export function recordingSupport(env: { isSecureContext: boolean; hasGetUserMedia: boolean }): MicrophoneProblem | null {
  if (!env.isSecureContext) return 'insecure';
  if (!env.hasGetUserMedia) return 'unsupported';
  return null;
}
