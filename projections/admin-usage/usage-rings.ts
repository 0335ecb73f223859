import { hourMs } from './admin-usage-rules';

/** Hour slots per user: enough for the 24-hour window. */
export const hourSlots = 24;
/** Day slots per user: the 7-day window and one more, so a day never shares a slot with one inside the window. */
export const daySlots = 8;

export const dayMs = 24 * hourMs;

/**
 * A user's recent usage in fixed rings: hour slot `h mod 24` holds the latest active hour `h` and its
 * bytes; the day ring likewise for UTC days, with sessions. A window sums the slots inside it, so the
 * cost per user is constant.
 */
export interface UsageRings {
  hourSlots: number[];
  hourBytes: number[];
  daySlots: number[];
  dayBytes: number[];
  daySessions: number[];
}

export function emptyRings(): UsageRings {
  return {
    hourSlots: Array<number>(hourSlots).fill(-1),
    hourBytes: Array<number>(hourSlots).fill(0),
    daySlots: Array<number>(daySlots).fill(-1),
    dayBytes: Array<number>(daySlots).fill(0),
    daySessions: Array<number>(daySlots).fill(0),
  };
}

/** Put `values` for unit `unit` (an hour or a day number) into a ring: add to the same unit, replace an older one, ignore an older unit. */
function merge(slots: number[], values: number[][], unit: number, add: readonly number[]): void {
  const slot = unit % slots.length;
  const held = slots[slot]!;
  if (unit < held) return;
  if (unit > held) {
    slots[slot] = unit;
    for (const column of values) column[slot] = 0;
  }
  values.forEach((column, index) => (column[slot] = column[slot]! + add[index]!));
}

/** The rings after adding a batch's bytes and sessions per hour; independent of the hours' order. */
export function addToRings(rings: UsageRings, bytesByHour: ReadonlyMap<number, number>, sessionsByHour: ReadonlyMap<number, number>): UsageRings {
  const next: UsageRings = {
    hourSlots: [...rings.hourSlots],
    hourBytes: [...rings.hourBytes],
    daySlots: [...rings.daySlots],
    dayBytes: [...rings.dayBytes],
    daySessions: [...rings.daySessions],
  };
  for (const hourStart of new Set([...bytesByHour.keys(), ...sessionsByHour.keys()])) {
    const bytes = bytesByHour.get(hourStart) ?? 0;
    const sessions = sessionsByHour.get(hourStart) ?? 0;
    merge(next.hourSlots, [next.hourBytes], Math.floor(hourStart / hourMs), [bytes]);
    merge(next.daySlots, [next.dayBytes, next.daySessions], Math.floor(hourStart / dayMs), [bytes, sessions]);
  }
  return next;
}

/**
 * Window sums precomputed from the rings: `hourWindowBytes[m]` are the bytes from `latestHour - m` to
 * `latestHour` (days likewise), so the 24 hours ending at H are `hourWindowBytes[23 - (H - latestHour)]`
 * while that index is >= 0, else 0.
 */
export interface WindowSums {
  latestHour: number;
  hourWindowBytes: number[];
  latestDay: number;
  dayWindowBytes: number[];
  dayWindowSessions: number[];
}

/** Hours in the 24-hour window, days in the 7-day one. */
export const hoursPerWindow = 24;
export const daysPerWindow = 7;

function suffixSums(slots: readonly number[], values: readonly number[], latest: number, length: number): number[] {
  return Array.from({ length }, (_, m) => slots.reduce((sum, unit, index) => (unit >= latest - m && unit <= latest ? sum + values[index]! : sum), 0));
}

export function windowSums(rings: UsageRings): WindowSums {
  const latestHour = Math.max(...rings.hourSlots);
  const latestDay = Math.max(...rings.daySlots);
  return {
    latestHour,
    hourWindowBytes: suffixSums(rings.hourSlots, rings.hourBytes, latestHour, hoursPerWindow),
    latestDay,
    dayWindowBytes: suffixSums(rings.daySlots, rings.dayBytes, latestDay, daysPerWindow),
    dayWindowSessions: suffixSums(rings.daySlots, rings.daySessions, latestDay, daysPerWindow),
  };
}
