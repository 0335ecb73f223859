/**
 * Tone.js parts from their own modules, never 'tone' itself: its index creates a second, never closed
 * AudioContext on import (decision 0038).
 */
export { Gain } from 'tone/build/esm/core/context/Gain.js';
export { Meter } from 'tone/build/esm/component/analysis/Meter.js';
export { Analyser } from 'tone/build/esm/component/analysis/Analyser.js';
export { Context } from 'tone/build/esm/core/context/Context.js';
export type { BaseContext } from 'tone/build/esm/core/context/BaseContext.js';
export { connect } from 'tone/build/esm/core/context/ToneAudioNode.js';
export { getContext, setContext } from 'tone/build/esm/core/Global.js';
