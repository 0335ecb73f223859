import { fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StemEngine } from '../../lib/audio/stem-engine';
import { MixerPanel } from './mixer-panel';
import { selectSoloStemId, selectStemGains } from './mixer-slice';
import { mixerStoreWith } from './testing/mixer-store';

/** The engine as the mixer reads it: only its meters, all silent here. */
const silentEngine = { graph: { levels: () => ({}) } } as unknown as StemEngine;

function renderMixer() {
  const store = mixerStoreWith([
    { id: 'lead-guitar.mp3', name: 'Lead Guitar' },
    { id: 'rhythm-guitar.mp3', name: 'Rhythm Guitar' },
    { id: 'bass.mp3', name: 'bass' },
  ]);
  render(
    <Provider store={store}>
      <MixerPanel engine={silentEngine} isPlaying={false} />
    </Provider>,
  );
  return store;
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');

describe('the mixer', () => {
  // jsdom lays nothing out: the strips' names never overflow, so nothing needs observing.
  beforeEach(() => vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} }));
  afterEach(() => vi.unstubAllGlobals());

  it('solos each stem of a group on its own: its group mate is neither soloed nor heard along', () => {
    const store = renderMixer();
    const guitar = screen.getAllByTestId('mixer-strip').find((strip) => strip.dataset.group === 'Guitar')!;
    // One strip for both guitars, with a solo per stem (and none for the group as a whole).
    expect(within(guitar).queryByRole('button', { name: 'Solo Guitar' })).toBeNull();
    within(guitar).getByRole('button', { name: 'Solo Lead Guitar' });
    within(guitar).getByRole('button', { name: 'Solo Rhythm Guitar' });

    fireEvent.click(screen.getByRole('button', { name: 'Solo Lead Guitar' }));
    expect(selectSoloStemId(store.getState())).toBe('lead-guitar.mp3');
    expect(selectStemGains(store.getState())).toEqual({ 'lead-guitar.mp3': 1, 'rhythm-guitar.mp3': 0, 'bass.mp3': 0 });
    expect([pressed('Solo Lead Guitar'), pressed('Solo Rhythm Guitar'), pressed('Solo Bass')]).toEqual(['true', 'false', 'false']);
    // The group still sounds (one of its stems does), so its mute is not shown on.
    expect(pressed('Mute Guitar')).toBe('false');

    // The other guitar's solo switches to it alone.
    fireEvent.click(screen.getByRole('button', { name: 'Solo Rhythm Guitar' }));
    expect(selectStemGains(store.getState())).toEqual({ 'lead-guitar.mp3': 0, 'rhythm-guitar.mp3': 1, 'bass.mp3': 0 });
    expect([pressed('Solo Lead Guitar'), pressed('Solo Rhythm Guitar')]).toEqual(['false', 'true']);

    // Pressed again, the solo ends and the mix is as it was.
    fireEvent.click(screen.getByRole('button', { name: 'Solo Rhythm Guitar' }));
    expect(selectSoloStemId(store.getState())).toBeNull();
    expect(selectStemGains(store.getState())).toEqual({ 'lead-guitar.mp3': 1, 'rhythm-guitar.mp3': 1, 'bass.mp3': 1 });
  });

  it('a group of one stem keeps its one solo button, named after the group', () => {
    const store = renderMixer();
    fireEvent.click(screen.getByRole('button', { name: 'Solo Bass' }));
    expect(selectStemGains(store.getState())).toEqual({ 'lead-guitar.mp3': 0, 'rhythm-guitar.mp3': 0, 'bass.mp3': 1 });
    expect(pressed('Solo Bass')).toBe('true');
  });
});
