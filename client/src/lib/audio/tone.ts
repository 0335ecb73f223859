/**
 * The parts of Tone.js the player uses, imported from their own modules, never from 'tone' itself:
 * its index creates Tone's default context on import (`export const Transport =
 * getContext().transport`, and Destination, Listener and Draw likewise), a second AudioContext
 * beside the song's own, running from the Load Song click, with its own clock worker, and never
 * closed: about 4 MB of the renderer's private memory, and an audio thread rendering silence
 * (decision 0038). Nothing of Tone's transport, destination or draw is used here.
 */
export { Gain } from 'tone/build/esm/core/context/Gain.js';
export { Meter } from 'tone/build/esm/component/analysis/Meter.js';
export { Analyser } from 'tone/build/esm/component/analysis/Analyser.js';
export { Context } from 'tone/build/esm/core/context/Context.js';
export type { BaseContext } from 'tone/build/esm/core/context/BaseContext.js';
export { connect } from 'tone/build/esm/core/context/ToneAudioNode.js';
export { getContext, setContext } from 'tone/build/esm/core/Global.js';
