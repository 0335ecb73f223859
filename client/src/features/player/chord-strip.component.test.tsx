import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureStore } from '@reduxjs/toolkit';
import { api } from '../../lib/api/api';
import { ChordStrip } from './chord-strip';

const chart = '[00:00.00] C\n[00:04.00] G\n';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API as the strip calls it: the preferences answered when `preferences` settles, the chart at once. */
function serve(preferences: Promise<Response>) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = String(input);
    calls.push(url);
    if (url.endsWith('/api/user/preferences')) return preferences;
    return Promise.resolve(json({ instrument: 'master', text: chart }));
  });
  return calls;
}

function renderStrip() {
  const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (defaults) => defaults().concat(api.middleware) });
  return render(
    <Provider store={store}>
      <ChordStrip songId={7} instruments={['master', 'bass']} position={1} />
    </Provider>,
  );
}

describe('the chord strip', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows nothing until the preferences arrive, so chords the musician hid never flash up', async () => {
    let answer!: (response: Response) => void;
    const calls = serve(new Promise((resolve) => (answer = resolve)));
    renderStrip();
    await waitFor(() => expect(calls).toContain('/api/user/preferences'));
    expect(screen.queryByRole('switch', { name: 'Show Chords' })).toBeNull();
    expect(screen.queryByTestId('chord-strip')).toBeNull();

    answer(json({ showChordsPreference: false, chordInstrumentPreference: 'bass' }));
    const showChords = await screen.findByRole('switch', { name: 'Show Chords' });
    expect(showChords.getAttribute('aria-checked')).toBe('false');
    expect(screen.queryByTestId('chord-strip')).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Chord instrument' }) as HTMLSelectElement).value).toBe('bass');
    // Hidden chords are not fetched either.
    expect(calls.filter((url) => url.includes('/chords'))).toEqual([]);
  });

  it("falls back on the spec's defaults when the preferences cannot be read: chords shown, master first", async () => {
    serve(Promise.resolve(json({ error: { code: 'internal', message: 'down' } }, 500)));
    renderStrip();
    const showChords = await screen.findByRole('switch', { name: 'Show Chords' });
    expect(showChords.getAttribute('aria-checked')).toBe('true');
    expect((screen.getByRole('combobox', { name: 'Chord instrument' }) as HTMLSelectElement).value).toBe('master');
    expect((await screen.findByTestId('chord-strip')).textContent).toContain('C');
  });
});
