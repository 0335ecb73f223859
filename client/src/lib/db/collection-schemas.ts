import type { RxJsonSchema } from 'rxdb';
import type { PresetDocument, StarDocument, TakeDocument } from '../../../../contract/sync-documents';
import type { KeptSongDocument } from './sync-documents';

const idField = { type: 'string', maxLength: 20 } as const;
const nullableString = { type: ['string', 'null'] } as const;
const nullableNumber = { type: ['number', 'null'] } as const;

// No indexes: the library filters in memory, and screens read whole collections or one id.

/** The catalogue (docs/sync-protocol.md); version 1 adds `firstBeat`. */
export const songSchema: RxJsonSchema<Omit<KeptSongDocument, '_deleted'>> = {
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    title: { type: 'string' },
    genre: nullableString,
    genre2: nullableString,
    key: nullableString,
    bpm: nullableNumber,
    firstBeat: nullableNumber,
    difficulty: nullableNumber,
    duration: nullableNumber,
    playCount: { type: 'number' },
    hasLyrics: { type: 'boolean' },
    chordInstruments: { type: 'array', items: { type: 'string' } },
    sections: { type: 'array', items: { type: 'object' } },
    stems: { type: 'array', items: { type: 'object' } },
    problems: { type: 'array', items: { type: 'object' } },
  },
  required: ['id', 'title', 'playCount', 'hasLyrics'],
};

/** By version migrated to. A song stored before has no first beat known; the next pull brings it. */
export const songMigrations = {
  1: (document: Omit<KeptSongDocument, '_deleted' | 'firstBeat'>): Omit<KeptSongDocument, '_deleted'> => ({ ...document, firstBeat: null }),
};

export const starSchema: RxJsonSchema<Omit<StarDocument, '_deleted'>> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    starred: { type: 'boolean' },
    updatedAt: { type: 'number' },
  },
  required: ['id', 'starred', 'updatedAt'],
};

/** The user's presets; version 1 adds tempo and transpose. */
export const presetSchema: RxJsonSchema<Omit<PresetDocument, '_deleted'>> = {
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: idField,
    volumes: { type: 'object', additionalProperties: { type: 'number' } },
    mutes: { type: 'object', additionalProperties: { type: 'boolean' } },
    tempo: { type: 'number', minimum: 0.5, maximum: 1.5 },
    transpose: { type: 'integer', minimum: -6, maximum: 6 },
    updatedAt: { type: 'number' },
  },
  required: ['id', 'volumes', 'mutes', 'tempo', 'transpose', 'updatedAt'],
};

/** An older preset plays the song as it is, as the API answers it. */
export const presetMigrations = {
  1: (document: Omit<PresetDocument, '_deleted' | 'tempo' | 'transpose'>): Omit<PresetDocument, '_deleted'> => ({ ...document, tempo: 1, transpose: 0 }),
};

/** The user's takes: metadata only, from every device; the audio is in the take audio store of the device that recorded it. */
export const takeSchema: RxJsonSchema<Omit<TakeDocument, '_deleted'>> = {
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 36 },
    songId: { type: 'string' },
    name: { type: 'string' },
    recordedAt: { type: 'number' },
    localDate: { type: 'string' },
    durationSeconds: { type: 'number' },
    startSeconds: { type: 'number' },
    tempo: { type: 'number', minimum: 0.5, maximum: 1.5 },
    transpose: { type: 'integer', minimum: -6, maximum: 6 },
    scope: { type: 'string', enum: ['song', 'section', 'loop'] },
    range: { type: ['object', 'null'] },
    latencySeconds: { type: 'number' },
    updatedAt: { type: 'number' },
  },
  required: ['id', 'songId', 'name', 'recordedAt', 'localDate', 'durationSeconds', 'startSeconds', 'tempo', 'transpose', 'scope', 'range', 'latencySeconds', 'updatedAt'],
};
