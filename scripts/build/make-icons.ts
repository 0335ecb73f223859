import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { repositoryRoot } from '../app/repository-root';

// `npx tsx scripts/build/make-icons.ts` redraws the app icons and /favicon.ico (maskable: inside 80 %).
const background: Rgb = [0x0e, 0x10, 0x14];
const amber: Rgb = [0xf2, 0xa9, 0x3b];
type Rgb = readonly [number, number, number];

const icons = [
  { file: 'icon-192.png', size: 192, discRadius: 0.46 },
  { file: 'icon-512.png', size: 512, discRadius: 0.46 },
  { file: 'icon-maskable-512.png', size: 512, discRadius: 0.32 },
];

/** Colour of the point (x, y), both in 0..1 of the icon's side. */
function colourAt(x: number, y: number, discRadius: number): Rgb {
  const dx = x - 0.5;
  const dy = y - 0.5;
  if (dx * dx + dy * dy > discRadius * discRadius) return background;
  const barWidth = discRadius * 0.22;
  const bars = [
    { centre: -discRadius * 0.42, top: -discRadius * 0.35, bottom: discRadius * 0.55 },
    { centre: 0, top: -discRadius * 0.6, bottom: discRadius * 0.55 },
    { centre: discRadius * 0.42, top: -discRadius * 0.1, bottom: discRadius * 0.55 },
  ];
  for (const bar of bars) {
    if (Math.abs(dx - bar.centre) <= barWidth / 2 && dy >= bar.top && dy <= bar.bottom) return background;
  }
  return amber;
}

/** RGB pixels of a `size` square icon, each pixel the mean of 4x4 samples (smooth edges). */
function drawIcon(size: number, discRadius: number): Buffer {
  const samples = 4;
  const rows: Buffer[] = [];
  for (let py = 0; py < size; py += 1) {
    const row = Buffer.alloc(1 + size * 3); // leading 0: PNG filter type None
    for (let px = 0; px < size; px += 1) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = colourAt((px + (sx + 0.5) / samples) / size, (py + (sy + 0.5) / samples) / size, discRadius);
          for (let channel = 0; channel < 3; channel += 1) sum[channel]! += colour[channel]!;
        }
      }
      for (let channel = 0; channel < 3; channel += 1) row[1 + px * 3 + channel] = Math.round(sum[channel]! / (samples * samples));
    }
    rows.push(row);
  }
  return encodePng(size, Buffer.concat(rows));
}

function encodePng(size: number, filteredRows: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(filteredRows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** An .ico holding one PNG, for clients that fetch /favicon.ico when a page names no icon. */
function encodeIco(size: number, png: Buffer): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header[6] = size; // width and height (0 would mean 256)
  header[7] = size;
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(24, 12); // bits per pixel (the PNG is RGB)
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(header.length, 18); // the image's offset
  return Buffer.concat([header, png]);
}

const publicDir = path.join(repositoryRoot, 'client', 'public');
const outDir = path.join(publicDir, 'icons');
await mkdir(outDir, { recursive: true });
for (const icon of icons) {
  await writeFile(path.join(outDir, icon.file), drawIcon(icon.size, icon.discRadius));
  console.log(`wrote client/public/icons/${icon.file}`);
}
await writeFile(path.join(publicDir, 'favicon.ico'), encodeIco(32, drawIcon(32, 0.46)));
console.log('wrote client/public/favicon.ico');
