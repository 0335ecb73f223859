/** The mix of a song's stems written as a 16-bit mono WAV, for a tool that reads files (aubio), chunk by chunk. */
import { type FileHandle, open } from 'node:fs/promises';

export class WavWriter {
  private samples = 0;

  private constructor(
    private readonly file: FileHandle,
    private readonly sampleRate: number,
  ) {}

  static async create(target: string, sampleRate: number): Promise<WavWriter> {
    const file = await open(target, 'w');
    // The header's sizes are written on close, when they are known.
    await file.write(Buffer.alloc(44), 0, 44, 0);
    return new WavWriter(file, sampleRate);
  }

  async write(chunk: Float32Array): Promise<void> {
    const data = Buffer.alloc(chunk.length * 2);
    for (let i = 0; i < chunk.length; i++) data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, chunk[i]!)) * 32767), i * 2);
    await this.file.write(data, 0, data.length, 44 + this.samples * 2);
    this.samples += chunk.length;
  }

  async close(): Promise<void> {
    const header = Buffer.alloc(44);
    header.write('RIFF', 0);
    header.writeUInt32LE(36 + this.samples * 2, 4);
    header.write('WAVE', 8);
    header.write('fmt ', 12);
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(this.sampleRate, 24);
    header.writeUInt32LE(this.sampleRate * 2, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36);
    header.writeUInt32LE(this.samples * 2, 40);
    await this.file.write(header, 0, 44, 0);
    await this.file.close();
  }
}
