import { configureStore } from '@reduxjs/toolkit';
import { render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api/api';
import { ChordStrip } from './chord-strip';
import type { PlayerSong } from './player-api';
import { SectionMarkers } from './section-markers';
import { SongInfoPanel } from './song-info-panel';

/**
 * A song as a musician's folder gives it: stems only, no lyrics.lrc, no chord files, no
 * sections.json, no song.json key or BPM (as a real-corpus song before its analysis). The spec
 * shows the KARAOKE button only when lyrics exist and the chord strip only when chords exist; the
 * panels around them must then say what they know rather than show an empty box.
 */
const bareSong: PlayerSong = {
  id: 12,
  title: 'Linn’s basket of treats',
  genre: 'Classical',
  genre2: null,
  key: null,
  musicalKey: null,
  bpm: null,
  firstBeat: null,
  difficulty: 5,
  duration: 8.2,
  playCount: 0,
  hasLyrics: false,
  lyrics: null,
  chordInstruments: [],
  sections: [],
  stems: [],
  problems: [],
  starred: false,
};

function renderPanels(song: PlayerSong) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    calls.push(String(input));
    // Signed out for the local database (no star document), the spec's preference defaults.
    const body = String(input).endsWith('/api/user/preferences') ? { showChordsPreference: true, chordInstrumentPreference: 'master' } : { error: { code: 'unauthorized', message: 'Sign in' } };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 'error' in body ? 401 : 200, headers: { 'Content-Type': 'application/json' } }));
  });
  // jsdom has no layout: the section row measures nothing.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (defaults) => defaults().concat(api.middleware) });
  const view = render(
    <Provider store={store}>
      <SongInfoPanel song={song} duration={8.2} onKaraoke={song.hasLyrics && song.lyrics ? () => undefined : null} />
      <div data-testid="chords-slot">
        <ChordStrip songId={song.id} instruments={song.chordInstruments} position={1} />
      </div>
      <div data-testid="sections-slot">
        <SectionMarkers sections={song.sections} position={1} duration={8.2} onSeek={() => undefined} />
      </div>
    </Provider>,
  );
  return { calls, view };
}

describe('the player panels of a song without lyrics, chords or sections', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('show its details with a dash for what is unknown, no KARAOKE button, and neither a chord strip nor a section row, not empty boxes', { timeout: 30_000 }, async () => {
    const { calls } = renderPanels(bareSong);
    const info = screen.getByRole('region', { name: 'SONG INFO' });
    const rows = Object.fromEntries([...info.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]));
    expect(rows).toEqual({ Tempo: '-', Key: '-', Genre: 'Classical', Genre2: '-', Difficulty: '5/10', Length: '0:08', Starred: 'No' });
    expect(screen.queryByRole('button', { name: 'KARAOKE' })).toBeNull();
    await waitFor(() => expect(calls).toContain('/api/user/preferences'));
    // No chart to choose: no strip, no Show Chords switch, no instrument list, and no chart asked for.
    expect(screen.getByTestId('chords-slot').childElementCount).toBe(0);
    expect(calls.filter((url) => url.includes('/chords'))).toEqual([]);
    expect(screen.queryByRole('group', { name: 'Sections' })).toBeNull();
    expect(screen.getByTestId('sections-slot').childElementCount).toBe(0);
  });

  it('show the KARAOKE button, the chord strip and the section row once the song has them', { timeout: 30_000 }, async () => {
    const song: PlayerSong = { ...bareSong, hasLyrics: true, lyrics: '[00:01.00] la\n', chordInstruments: ['master'], sections: [{ type: 'verse', startTime: 0, endTime: 8 }] };
    const { calls } = renderPanels(song);
    expect(screen.getByRole('button', { name: 'KARAOKE' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Sections' })).toBeTruthy();
    expect(await screen.findByRole('switch', { name: 'Show Chords' })).toBeTruthy();
    await waitFor(() => expect(calls.some((url) => url.includes('/chords'))).toBe(true));
  });
});
