import { useEffect, useState } from 'react';
import { z } from 'zod';
import { useAppSelector } from '../../app/hooks';
import { selectKnownUser } from '../../lib/session/known-user-slice';
import { userStemCache } from '../../lib/stem-cache/user-stem-cache';
import type { PlayerSong } from './player-api';

/** A kept song may come from an older app version, so its shape is checked on read. */
const keptPlayerSongSchema = z.looseObject({
  id: z.number(),
  title: z.string(),
  sections: z.array(z.unknown()),
  chordInstruments: z.array(z.string()),
  stems: z.array(z.object({ id: z.string(), name: z.string(), instrument: z.string(), filePath: z.string() })),
});

/** The song as kept for this user (decision 0033), read once `wanted`; undefined while reading or when not kept. */
export function useKeptPlayerSong(songId: number, wanted: boolean): { song: PlayerSong | undefined; settled: boolean } {
  const userId = useAppSelector(selectKnownUser)?.id ?? null;
  const [found, setFound] = useState<{ songId: number; song: PlayerSong | undefined } | null>(null);
  useEffect(() => {
    const cache = userStemCache(userId);
    if (!wanted || !cache) return;
    let current = true;
    void cache
      .keptSong(songId)
      .then((kept) => {
        const parsed = keptPlayerSongSchema.safeParse(kept);
        if (current) setFound({ songId, song: parsed.success ? (parsed.data as unknown as PlayerSong) : undefined });
      })
      .catch(() => current && setFound({ songId, song: undefined }));
    return () => {
      current = false;
    };
  }, [songId, userId, wanted]);
  const settled = found?.songId === songId;
  return { song: settled ? found.song : undefined, settled: settled || !wanted || userId === null };
}
