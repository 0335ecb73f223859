export function parseSongId(value: string | null): number | null {
  if (value === null || !/^[1-9]\d*$/.test(value)) return null;
  const songId = Number(value);
  return Number.isSafeInteger(songId) ? songId : null;
}
