import { randomInt } from 'node:crypto';
import { onTestFailed } from 'vitest';
import { seededRandom } from './seeded-random';

/**
 * The random numbers of one test: a fresh seed on every run, so a random test keeps exploring, or
 * TEST_SEED to replay one. A failing test prints its seed and the command that replays it, since a
 * random failure nobody can reproduce is only half a finding. Call it inside the test.
 */
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
