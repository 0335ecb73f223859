import path from 'node:path';

const contentTypes: Readonly<Record<string, string>> = {
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.flac': 'audio/flac',
  '.m4a': 'audio/mp4',
};

/** The Content-Type of a stem by its extension (the scan only catalogues these five). */
export function stemContentType(filename: string): string {
  return contentTypes[path.extname(filename).toLowerCase()] ?? 'application/octet-stream';
}
