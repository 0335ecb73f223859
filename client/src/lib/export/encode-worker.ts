import type { EncodeReply, EncodeRequest } from './encode-messages';
import { MP3_BITRATE } from './export-format';
import { encodeMp3 } from './mp3-encode';
import { encodeWav } from './wav-encode';

/** The export's encoding thread, so the page keeps drawing and can cancel; one request per worker. */
const scope = self as unknown as { onmessage: ((event: MessageEvent<EncodeRequest>) => void) | null; postMessage(message: EncodeReply, options?: { transfer?: Transferable[] }): void };

function post(reply: EncodeReply, transfer: Transferable[] = []): void {
  scope.postMessage(reply, { transfer });
}

/** At most one progress message per percent, so the page is not flooded. */
function progressReporter(): (fraction: number) => void {
  let last = -1;
  return (fraction) => {
    const percent = Math.floor(fraction * 100);
    if (percent === last) return;
    last = percent;
    post({ kind: 'progress', fraction });
  };
}

scope.onmessage = (event) => {
  const { format, sampleRate, channels } = event.data;
  const onProgress = progressReporter();
  const encoding =
    format === 'mp3'
      ? encodeMp3(channels, sampleRate, { bitrate: MP3_BITRATE }, onProgress)
      : Promise.resolve().then(() => encodeWav(channels, sampleRate, format === 'wav16' ? 'pcm16' : 'float32', onProgress));
  encoding.then(
    (bytes) => post({ kind: 'done', bytes }, [bytes.buffer]),
    (error: unknown) => post({ kind: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
};
