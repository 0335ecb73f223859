/** Days in a row with practice. */
export interface PracticeStreak {
  /** The run that ends today, or yesterday (today may still come); 0 when neither has practice. */
  current: number;
  /** The longest run ever. */
  longest: number;
}

const dayMs = 86_400_000;
const dayNumber = (isoDate: string) => Math.round(Date.parse(`${isoDate}T00:00:00Z`) / dayMs);

/** The streak as of `today`; days after `today` (a wrong clock elsewhere) count only for the longest run. */
export function practiceStreak(practisedDays: readonly string[], today: string): PracticeStreak {
  const days = [...new Set(practisedDays.map(dayNumber))].sort((a, b) => a - b);
  let longest = 0;
  let run = 0;
  for (let index = 0; index < days.length; index++) {
    run = index > 0 && days[index] === days[index - 1]! + 1 ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  const present = new Set(days);
  const todayNumber = dayNumber(today);
  let cursor = present.has(todayNumber) ? todayNumber : todayNumber - 1;
  let current = 0;
  while (present.has(cursor)) {
    current++;
    cursor--;
  }
  return { current, longest };
}
