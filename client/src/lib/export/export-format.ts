export type ExportFormat = 'wav16' | 'wav32' | 'mp3';

/** MP3 exports are 320 kbit/s CBR: a backing track to play along with, where size hardly matters. */
export const MP3_BITRATE = 320;

/** Each format's file extension, MIME type and the label the export dialog shows. */
export const exportFormats: Record<ExportFormat, { extension: 'wav' | 'mp3'; mimeType: string; label: string }> = {
  wav16: { extension: 'wav', mimeType: 'audio/wav', label: 'WAV, 16-bit' },
  wav32: { extension: 'wav', mimeType: 'audio/wav', label: 'WAV, 32-bit float' },
  mp3: { extension: 'mp3', mimeType: 'audio/mpeg', label: `MP3, ${MP3_BITRATE} kbit/s` },
};
