import type { Page } from 'playwright-core';

/** The engine's last start time per stem (StemEngine.lastStartTimes), as the player shows it on its body. */
export async function stemStartTimes(page: Page): Promise<Record<string, number>> {
  return JSON.parse((await page.getByTestId('player-body').getAttribute('data-start-times')) ?? '{}') as Record<string, number>;
}

/** Waits until a stem has started at another audio-clock time than `before`: a seek restarts them. */
export async function waitForRestart(page: Page, before: number): Promise<void> {
  await page.waitForFunction((previous) => {
    const times = JSON.parse(document.querySelector('[data-testid="player-body"]')?.getAttribute('data-start-times') ?? '{}') as Record<string, number>;
    return Object.values(times).some((time) => time !== previous);
  }, before);
}

/** Waits until the analyser's peak (the spectrum's data-peak) is above, or below, `level`. */
export async function waitForSpectrumPeak(page: Page, side: 'above' | 'below', level: number): Promise<void> {
  await page.waitForFunction(
    ({ above, threshold }) => {
      const peak = Number(document.querySelector('[data-testid="spectrum"]')?.getAttribute('data-peak'));
      return above ? peak > threshold : peak < threshold;
    },
    { above: side === 'above', threshold: level },
  );
}
