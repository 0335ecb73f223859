import { createServer } from 'node:http';
import type { Server } from 'node:http';
import path from 'node:path';
import { build } from 'vite';
import { repoRoot } from './repo-root';

/** One engine module bundled as ES module `<name>.js`, plus the files it loads: file name -> code. ES, because the
 * module starts its worker from a URL relative to its own (`import.meta.url`). */
async function bundleModule(file: string, name: string): Promise<Record<string, string>> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    build: { write: false, minify: false, lib: { entry: path.join(repoRoot, file), formats: ['es'], fileName: () => `${name}.js` } },
    worker: { format: 'es' },
  });
  const files: Record<string, string> = {};
  for (const result of Array.isArray(output) ? output : [output]) {
    if (!('output' in result)) continue;
    for (const chunk of result.output) files[chunk.fileName] = chunk.type === 'chunk' ? chunk.code : String(chunk.source);
  }
  if (!files[`${name}.js`]) throw new Error(`no bundle for ${file}`);
  return files;
}

/** A mono 16-bit PCM WAV of `samples` (-1..1) at `sampleRate`. */
export function wavBytes(samples: Float32Array, sampleRate: number): Buffer {
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((sample, index) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), index * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/** A localhost page (AudioWorklet needs a secure context) loading the engine's render-mix, click-track and beat-grid
 * as `window.RenderMix`, `window.ClickTrack`, `window.BeatGrid`, and serving the test's WAV stems. */
export async function servePracticeAudioPage(stems: Record<string, Buffer>, options: { withEngine?: boolean; withRecorder?: boolean } = {}): Promise<{ url: string; server: Server }> {
  const modules: [string, string][] = [
    ['client/src/lib/audio/render-mix.ts', 'RenderMix'],
    ['client/src/lib/audio/click-track.ts', 'ClickTrack'],
    ['client/src/lib/audio/beat-grid.ts', 'BeatGrid'],
    // The whole engine (with Tone.js) as `window.StemEngineModule`, for the benchmark's live playback.
    ...(options.withEngine
      ? [['client/src/lib/audio/stem-engine.ts', 'StemEngineModule'] as [string, string], ['client/src/lib/audio/stretch-graph.ts', 'StretchGraph'] as [string, string], ['client/src/lib/audio/plain-graph.ts', 'PlainGraph'] as [string, string]]
      : []),
    // The take recorder's parts, for the benchmark's recording on against off.
    ...(options.withRecorder
      ? ([
          ['client/src/lib/audio/recording/microphone-capture.ts', 'MicrophoneCaptureModule'],
          ['client/src/lib/audio/recording/capture-processor.ts', 'CaptureProcessorModule'],
          ['client/src/lib/audio/recording/capture-writer.ts', 'CaptureWriterModule'],
          ['client/src/lib/takes/indexed-db-take-audio-store.ts', 'TakeAudioStoreModule'],
        ] as [string, string][])
      : []),
  ];
  const files: Record<string, string> = Object.assign({}, ...(await Promise.all(modules.map(([file, name]) => bundleModule(file, name)))));
  // Module scripts run before the load event, so the page's globals are set once goto() returns.
  const imports = modules.map(([, name]) => `import * as ${name} from '/${name}.js'; window.${name} = ${name};`).join('\n');
  const html = `<!doctype html><html><body><script type="module">${imports}</script></body></html>`;
  const server = createServer((request, response) => {
    const name = (request.url ?? '/').slice(1);
    const stem = stems[name];
    if (stem) {
      response.setHeader('content-type', 'audio/wav');
      response.end(stem);
    } else if (files[name] !== undefined) {
      response.setHeader('content-type', 'text/javascript');
      response.end(files[name]);
    } else {
      response.setHeader('content-type', 'text/html');
      response.end(html);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return { url: `http://localhost:${address.port}/`, server };
}
