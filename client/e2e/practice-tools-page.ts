import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { openSong, signInNewListener } from './new-listener';
import { fixtureSongs } from './song-fixtures';

/** Signs a new user in (`label` names the address), opens Sine Parade (6 s, 120 BPM) and its practice tools; answers its id and the tools. */
export async function openPracticeTools(page: Page, baseUrl: string, label: string): Promise<{ songId: number; tools: Locator }> {
  const songId = (await signInNewListener(page, baseUrl, label)).get(fixtureSongs[0]!.title)!;
  await openSong(page, baseUrl, songId);
  // The practice tools share the left column with the spectrum analyzer (a tab each).
  await page.getByRole('tab', { name: 'PRACTICE TOOLS' }).click();
  const tools = page.getByTestId('practice-tools');
  await tools.waitFor();
  return { songId, tools };
}

/** Sets the A-B loop with two presses, at `a` and `b` seconds (the player snaps them to beats). */
export async function setLoop(page: Page, tools: Locator, a: number, b: number): Promise<void> {
  await page.getByRole('slider', { name: 'Seek' }).fill(String(a));
  await tools.getByRole('button', { name: 'Set A' }).click();
  await page.getByRole('slider', { name: 'Seek' }).fill(String(b));
  await tools.getByRole('button', { name: 'Set B' }).click();
}

/**
 * Sets a 2 s loop (1 s to 3 s on the 120 BPM grid) and the speed trainer from 70% +5%/pass to 80%,
 * not yet playing; answers the loop's start and end in seconds.
 */
export async function setTrainerLoop(page: Page, tools: Locator): Promise<{ start: number; end: number }> {
  await setLoop(page, tools, 1, 3.1);
  expect(await page.getByTestId('loop-range').textContent()).toBe('0:01–0:03');
  await tools.getByRole('spinbutton', { name: 'Trainer target tempo %' }).fill('80');
  await tools.getByRole('checkbox', { name: 'Speed Trainer' }).check();
  return { start: 1, end: 3 };
}

/** One pass of the loop as the engine scheduled it (the practice tools' data-loop-passes). */
export interface LoopPass {
  pass: number;
  tempo: number;
  boundary: number;
  countIn: number[];
  startsAt: number;
  from: number;
}

/** The loop passes the engine has scheduled so far, as the practice tools show them. */
export async function loopPasses(tools: Locator): Promise<LoopPass[]> {
  return JSON.parse((await tools.getAttribute('data-loop-passes')) ?? '[]') as LoopPass[];
}
