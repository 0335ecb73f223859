import type { MicrophoneProblem } from '../../../lib/audio/recording/microphone-problems';

/** Why a calibration gave no figure: the microphone's problems, no click heard back, or taps that tell nothing. */
export type CalibrationProblem = MicrophoneProblem | 'no-clicks' | 'too-few-taps' | 'uneven-taps';

export const calibrationProblemMessages: Readonly<Record<CalibrationProblem, string>> = {
  'no-clicks':
    'No clicks were heard back. Turn the speakers up and hold the microphone near them (or connect the interface’s output to its input), then calibrate again, or tap along instead.',
  'too-few-taps': 'Too few taps to tell the latency: tap once on each click, then try again.',
  'uneven-taps': 'The taps were too uneven to tell the latency: tap steadily on each click, then try again.',
  insecure: 'Calibrating needs a secure connection (https).',
  unsupported: 'This browser cannot record from a microphone, so it cannot calibrate.',
  'no-microphone': 'No microphone was found. Plug in a microphone or audio interface, then calibrate again.',
  denied: 'Woodshed is not allowed to use the microphone. Allow it in the browser’s site settings, then calibrate again.',
  busy: 'The microphone is in use by another application. Close it, then calibrate again.',
  unplugged: 'The microphone was disconnected during the calibration. Plug it in, then calibrate again.',
  'storage-full': 'This device’s storage is full.',
  failed: 'The calibration failed. Please try again.',
};
