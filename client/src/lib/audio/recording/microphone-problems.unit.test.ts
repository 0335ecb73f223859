import { describe, expect, it } from 'vitest';
import { isQuotaError, microphoneProblemMessages, problemOfMicrophoneError, recordingSupport } from './microphone-problems';

const domError = (name: string, message = '') => Object.assign(new Error(message), { name });

describe('microphone problems', () => {
  it('tells no microphone, a refusal and a busy device apart by the error getUserMedia throws', () => {
    expect(problemOfMicrophoneError(domError('NotFoundError'))).toBe('no-microphone');
    expect(problemOfMicrophoneError(domError('OverconstrainedError'))).toBe('no-microphone');
    expect(problemOfMicrophoneError(domError('NotAllowedError'))).toBe('denied');
    expect(problemOfMicrophoneError(domError('SecurityError'))).toBe('denied');
    expect(problemOfMicrophoneError(domError('NotReadableError'))).toBe('busy');
    expect(problemOfMicrophoneError(domError('TypeError'))).toBe('failed');
    expect(problemOfMicrophoneError('nonsense')).toBe('failed');
    expect(microphoneProblemMessages.denied).toContain('not allowed to use the microphone');
  });

  it('knows a full disk when a write says so', () => {
    expect(isQuotaError(domError('QuotaExceededError'))).toBe(true);
    expect(isQuotaError(domError('UnknownError', 'Quota exceeded while writing'))).toBe(true);
    expect(isQuotaError(domError('DataError'))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
  });

  it('offers recording only in a secure context with a microphone API', () => {
    expect(recordingSupport({ isSecureContext: false, hasGetUserMedia: true })).toBe('insecure');
    expect(recordingSupport({ isSecureContext: true, hasGetUserMedia: false })).toBe('unsupported');
    expect(recordingSupport({ isSecureContext: true, hasGetUserMedia: true })).toBeNull();
  });
});
