import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { openPracticeTools } from './practice-tools-page';
import { saveScreenshot } from './screenshot';

const baseUrl = inject('baseUrl');
const browser = browserPerFile();

/**
 * A foot switch on a fake Web MIDI before the page's own scripts: `navigator.requestMIDIAccess`
 * answers an access object with one input, `window.fakeMidi.press(bytes)` sends it a message, and
 * the MIDI permission reads as granted once access was asked for (as Chromium remembers a grant).
 */
async function fakeMidiPedal(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const input = Object.assign(new EventTarget(), { id: 'fake-input-1', name: 'FS-5U', manufacturer: 'Boss', state: 'connected', type: 'input' });
    const access = Object.assign(new EventTarget(), { inputs: new Map([[input.id, input]]), outputs: new Map(), sysexEnabled: false });
    const fake = {
      requests: 0,
      press: (bytes: number[]) => input.dispatchEvent(Object.assign(new Event('midimessage'), { data: new Uint8Array(bytes) })),
    };
    (window as unknown as { fakeMidi: typeof fake }).fakeMidi = fake;
    Object.defineProperty(navigator, 'requestMIDIAccess', {
      configurable: true,
      value: () => {
        fake.requests += 1;
        localStorage.setItem('fake-midi-granted', 'yes');
        return Promise.resolve(access);
      },
    });
    const query = Permissions.prototype.query;
    Permissions.prototype.query = function (this: Permissions, descriptor: PermissionDescriptor) {
      if (descriptor.name !== ('midi' as PermissionName)) return query.call(this, descriptor);
      return Promise.resolve({ state: localStorage.getItem('fake-midi-granted') ? 'granted' : 'prompt' } as PermissionStatus);
    };
  });
}

const midiRequests = (page: Page) => page.evaluate(() => (window as unknown as { fakeMidi: { requests: number } }).fakeMidi.requests);
const pressPedal = (page: Page, bytes: number[]) => page.evaluate((message) => (window as unknown as { fakeMidi: { press(bytes: number[]): void } }).fakeMidi.press(message), bytes);
const playing = (page: Page, value: boolean) => page.locator(`[data-testid="player-body"][data-playing="${value}"]`).waitFor();

describe('keys and MIDI in the player', () => {
  it('plays, pauses, loops, changes tempo and mutes from the keyboard, never while typing, and lists the keys in the help', async () => {
    const page = await browser.newPage();
    await fakeMidiPedal(page);
    const { tools } = await openPracticeTools(page, baseUrl, 'shortcut-keys');
    const drums = page.locator('[data-testid="mixer-strip"][data-group="Drums"]');
    expect(await midiRequests(page)).toBe(0);

    // Typing in a field (the trainer's tempo) runs no shortcut.
    await tools.getByRole('spinbutton', { name: 'Trainer start tempo %' }).focus();
    for (const key of ['k', 'l', '1', 'Minus']) await page.keyboard.press(key);
    expect(await page.getByTestId('player-body').getAttribute('data-playing')).toBe('false');
    expect(await page.getByTestId('loop-range').textContent()).toBe('Off');
    expect(await drums.getAttribute('data-muted')).toBe('false');
    expect(await page.getByTestId('tempo-value').textContent()).toBe('100%');

    // Out of the field, Space plays and K pauses.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Space');
    await playing(page, true);
    await page.keyboard.press('k');
    await playing(page, false);

    // L loops the section playing (the verse, 0-4 s), again turns it off, and once more brings it back.
    await page.keyboard.press('l');
    expect(await page.getByTestId('loop-range').textContent()).toBe('0:00–0:04');
    await page.keyboard.press('l');
    expect(await page.getByTestId('loop-range').textContent()).toBe('Off');
    await page.keyboard.press('l');
    expect(await page.getByTestId('loop-range').textContent()).toBe('0:00–0:04');

    // Tempo a step down and up, as the buttons step.
    await page.keyboard.press('Minus');
    expect(await page.getByTestId('tempo-value').textContent()).toBe('95%');
    await page.keyboard.press('Equal');
    expect(await page.getByTestId('tempo-value').textContent()).toBe('100%');

    // 1 mutes the first strip (Drums); Shift+2 solos the second solo button (Bass); Ctrl+1 is the browser's.
    await page.keyboard.press('1');
    expect(await drums.getAttribute('data-muted')).toBe('true');
    await page.keyboard.press('Shift+Digit2');
    expect(await page.getByRole('button', { name: 'Solo Bass' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Shift+Digit2');
    expect(await page.getByRole('button', { name: 'Solo Bass' }).getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('1');
    expect(await drums.getAttribute('data-muted')).toBe('false');

    // ? opens the help over the player, listing the keys; Escape closes it.
    await page.keyboard.press('Shift+Slash');
    const help = page.getByRole('dialog', { name: 'Shortcuts' });
    await help.waitFor();
    const rows = await help.getByTestId('shortcut').allTextContents();
    expect(rows).toContain('Space or KPlay / pause');
    expect(rows).toContain('1Mute Drums');
    expect(rows).toContain('Shift+2Solo Bass');
    await saveScreenshot(page, 'player-shortcuts');
    // The help took the keys: Space did not play behind it.
    await page.keyboard.press('Space');
    expect(await page.getByTestId('player-body').getAttribute('data-playing')).toBe('false');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
    // Nobody opened the MIDI section: nothing asked for MIDI access.
    expect(await midiRequests(page)).toBe(0);
  });

  it('learns a MIDI pedal for play/pause, which then plays and pauses, and after a reload still does', async () => {
    const page = await browser.newPage();
    await fakeMidiPedal(page);
    await openPracticeTools(page, baseUrl, 'shortcut-midi');
    expect(await midiRequests(page)).toBe(0);

    await page.getByRole('button', { name: 'SHORTCUTS' }).click();
    const help = page.getByRole('dialog', { name: 'Shortcuts' });
    await help.getByRole('tab', { name: 'MIDI' }).click();
    await help.getByRole('combobox', { name: 'Device' }).waitFor();
    expect(await midiRequests(page)).toBe(1);
    expect(await help.getByRole('combobox', { name: 'Device' }).textContent()).toBe('Boss FS-5U');

    await help.getByRole('button', { name: 'Learn Play / pause' }).click();
    await help.getByText('Press a pedal or key for Play / pause.').waitFor();
    // The pedal down: controller 64 on channel 1 at 127.
    await pressPedal(page, [0xb0, 64, 127]);
    const row = help.locator('[data-testid="midi-mapping"][data-action="play-pause"]');
    await row.getByText('CC 64, ch 1').waitFor();
    await saveScreenshot(page, 'player-midi-learn');
    await pressPedal(page, [0xb0, 64, 0]);
    await help.getByRole('button', { name: 'Close' }).click();

    await pressPedal(page, [0xb0, 64, 127]);
    await playing(page, true);
    await pressPedal(page, [0xb0, 64, 0]);
    await pressPedal(page, [0xb0, 64, 127]);
    await playing(page, false);

    // Kept on this device: after a reload the pedal works without opening the MIDI section (the browser already allows MIDI).
    await page.reload();
    await page.getByRole('button', { name: 'Play' }).waitFor();
    await page.waitForFunction(() => (window as unknown as { fakeMidi: { requests: number } }).fakeMidi.requests === 1);
    await pressPedal(page, [0xb0, 64, 127]);
    await playing(page, true);
  });
});
