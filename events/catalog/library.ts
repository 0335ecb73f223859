import { z } from 'zod';
import { defineEvent } from './define-event';

const userId = z.number().int().positive();
const songId = z.number().int().positive();

export const SongStarred = defineEvent({
  type: 'SongStarred',
  schemaVersion: 1,
  schema: z.object({ userId, songId }),
});

export const SongUnstarred = defineEvent({
  type: 'SongUnstarred',
  schemaVersion: 1,
  schema: z.object({ userId, songId }),
});
