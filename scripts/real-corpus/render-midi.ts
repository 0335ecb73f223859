/** Renders a MIDI file with FluidSynth and the corpus's one sound font, to a 32-bit float WAV. */
import { renderer } from './piece-sources';
import { runTool } from './run-tool';

/** Every render's rate; encoding resamples to each stem's own rate. */
export const renderRate = 48_000;

export async function renderMidi(midiPath: string, wavPath: string): Promise<void> {
  await runTool('fluidsynth', [
    '-ni', // no shell, no MIDI input: render the file and stop
    '-q',
    '-F', wavPath,
    '-T', 'wav',
    // Float output: no 16-bit dither noise (random) and no clipping, so stems sum to the whole exactly.
    '-O', 'float',
    '-r', String(renderRate),
    '-g', '0.5',
    // Enough voices that none is stolen in the full arrangement and kept in a stem (or the reverse).
    '-o', 'synth.polyphony=1024',
    '-o', 'synth.cpu-cores=1',
    renderer.soundFont,
    midiPath,
  ]);
}
