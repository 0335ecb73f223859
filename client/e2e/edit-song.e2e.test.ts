import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './browser-per-file';
import { songEditorAdminEmail } from './admin-email';
import { uniqueEmail } from './dev-outbox';
import { libraryRow } from './library-row';
import { signInNewListener } from './new-listener';
import { watchPageProblems } from './page-problems';
import { scanFixtureLibrary } from './scan-fixture-library';
import { saveScreenshot } from './screenshot';
import { signInWithCode, toastTitled } from './sign-in-flow';
import { clickTrack, editableParade } from './song-fixtures';

// Song details are everyone's: this file edits only the fixture library's songs kept for it
// (Editable Parade, Click Track), which no other file looks up.
const baseUrl = inject('baseUrl');
const browser = browserPerFile();

describe('edit song details', () => {
  it('blocks Save on invalid input, then saves title, genre and difficulty and the row follows', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    // Song details are the shared catalogue's: only an administrator changes them (decision 0050).
    await signInWithCode(page, baseUrl, songEditorAdminEmail);
    const ids = await scanFixtureLibrary(page, baseUrl);
    const id = ids.get(editableParade.title);
    await page.reload();
    await libraryRow(page, editableParade.title).waitFor();

    const edits: { path: string; body: unknown }[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (request.method() === 'PATCH' && pathname.startsWith('/api/songs/')) edits.push({ path: pathname, body: request.postDataJSON() as unknown });
    });

    await page.getByRole('button', { name: `Edit ${editableParade.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Song Details' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Title').inputValue()).toBe(editableParade.title);
    expect(await dialog.getByLabel('Genre', { exact: true }).inputValue()).toBe('Rock');
    expect(await dialog.getByLabel('Genre 2').inputValue()).toBe('Pop');
    expect(await dialog.getByLabel('Key').inputValue()).toBe('C major');
    expect(await dialog.getByLabel('BPM').inputValue()).toBe('120');
    expect(await dialog.getByLabel('Difficulty (1-10)').inputValue()).toBe('3');

    // Spec 000, section 5: a difficulty out of 1 to 10 blocks Save; nothing is sent, input stays.
    await dialog.getByLabel('Title').fill(editableParade.editedTitle);
    await dialog.getByLabel('Difficulty (1-10)').fill('11');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const invalid = await toastTitled(page, 'Invalid Difficulty');
    expect(invalid).toEqual({ description: 'Difficulty must be a number between 1 and 10', variant: 'destructive' });
    expect(await dialog.getByRole('alert').innerText()).toBe('Difficulty must be a number between 1 and 10');
    expect(await dialog.getByLabel('Difficulty (1-10)').getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel('Title').inputValue()).toBe(editableParade.editedTitle);
    expect(edits).toEqual([]);
    await saveScreenshot(page, 'edit-song-invalid');

    await dialog.getByLabel('Difficulty (1-10)').fill('4');
    await dialog.getByLabel('Genre', { exact: true }).selectOption('Jazz');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const updated = await toastTitled(page, 'Song Updated');
    expect(updated.variant).toBe('default');
    await dialog.waitFor({ state: 'detached' });

    // Only what changed, the title on its own, 'Genre 2' sent along with the changed genre.
    expect(edits).toEqual([
      { path: `/api/songs/${id}/metadata`, body: { title: editableParade.editedTitle } },
      { path: `/api/songs/${id}/metadata`, body: { difficulty: 4 } },
      { path: `/api/songs/${id}/genre`, body: { genre: 'Jazz', genre2: 'Pop' } },
    ]);

    // The row changes through the local database (sync stream or pull), not a page reload.
    const edited = libraryRow(page, editableParade.editedTitle);
    await edited.waitFor();
    // The three edits are three changes, which may reach the row one after the other.
    await expect.poll(async () => (await edited.locator('td').allInnerTexts()).slice(1, 5)).toEqual([editableParade.editedTitle, 'Jazz', '120 BPM', '4/10']);
    expect(await libraryRow(page, editableParade.title).count()).toBe(0);
    await saveScreenshot(page, 'edit-song-saved');
    expect(problems).toEqual([]);
  });

  it('detects the BPM from the audio when Detect BPM is clicked, saves it, and the row follows', async () => {
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await signInWithCode(page, baseUrl, songEditorAdminEmail);
    const ids = await scanFixtureLibrary(page, baseUrl);
    const id = ids.get(clickTrack.title);
    expect(id).toBeDefined();
    await page.reload();
    await libraryRow(page, clickTrack.title).waitFor();

    const rescans: number[] = [];
    page.on('response', (response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname === `/api/songs/${id}/rescan-bpm`) rescans.push(response.status());
    });
    await page.getByRole('button', { name: `Edit ${clickTrack.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Song Details' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Detect BPM' }).click();
    // Detection decodes and analyses the audio on the server: give a busy machine time.
    const detected = await toastTitled(page, 'BPM Detected', { timeoutMs: 60_000 });
    const bpm = Number(/^Detected tempo: (\d+) BPM$/.exec(detected.description)?.[1]);
    expect(rescans).toEqual([200]);
    expect(Math.abs(bpm - clickTrack.bpm)).toBeLessThanOrEqual(clickTrack.bpm * 0.02);
    expect(await dialog.getByLabel('BPM').inputValue()).toBe(String(bpm));
    await saveScreenshot(page, 'edit-song-bpm-detected');

    // Saved by the server, not merely typed in: the row shows it once the dialog is closed.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await libraryRow(page, clickTrack.title).filter({ hasText: `${bpm} BPM` }).waitFor();
    expect(problems).toEqual([]);
  });

  it("lets a user who is not an administrator edit a song for their own view; another user still sees the original", async () => {
    // An account exists before these, so neither is user id 1 (an administrator) when run alone.
    const first = await browser.newPage();
    await signInWithCode(first, baseUrl, songEditorAdminEmail);
    await first.close();
    const page = await browser.newPage();
    const problems = watchPageProblems(page);
    await signInNewListener(page, baseUrl, 'musician');
    await page.reload();
    await libraryRow(page, clickTrack.title).getByRole('link', { name: 'Load Song' }).waitFor();

    await page.getByRole('button', { name: `Edit ${clickTrack.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Song Details' });
    await dialog.waitFor();
    await dialog.getByLabel('Title').fill('My Click Track');
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await toastTitled(page, 'Song Updated')).variant).toBe('default');
    await dialog.waitFor({ state: 'detached' });
    // The row follows through the local database; the view survives a reload (pulled again).
    await libraryRow(page, 'My Click Track').waitFor();
    await page.reload();
    await libraryRow(page, 'My Click Track').waitFor();
    expect(await libraryRow(page, clickTrack.title).count()).toBe(0);
    await saveScreenshot(page, 'edit-song-own-view');
    expect(problems).toEqual([]);
    await page.close();

    // Another user on the same browser (the local database is wiped for them): the catalogue's title.
    const other = await browser.newPage();
    const otherProblems = watchPageProblems(other);
    await signInWithCode(other, baseUrl, uniqueEmail('bandmate'));
    await libraryRow(other, clickTrack.title).getByRole('link', { name: 'Load Song' }).waitFor();
    expect(await libraryRow(other, 'My Click Track').count()).toBe(0);
    expect(otherProblems).toEqual([]);
  });
});
