import { randomInt } from 'node:crypto';
import { onTestFailed } from 'vitest';
import { seededRandom } from './seeded-random';

/** A fresh random seed per run, or TEST_SEED to replay one; a failing test prints how to replay it. */
export function testRandom(): { seed: number; next: () => number } {
  const seed = seedFromEnvironment() ?? randomInt(2 ** 31);
  onTestFailed(({ task }) => {
    console.error(`"${task.name}" failed with seed ${seed}; replay it with TEST_SEED=${seed} npx vitest run ${task.file.name}`);
  });
  return { seed, next: seededRandom(seed) };
}

function seedFromEnvironment(): number | undefined {
  const text = process.env.TEST_SEED;
  if (text === undefined || text === '') return undefined;
  const seed = Number(text);
  if (!Number.isSafeInteger(seed) || seed < 0) throw new Error(`TEST_SEED must be a whole number from 0, not ${JSON.stringify(text)}`);
  return seed;
}
