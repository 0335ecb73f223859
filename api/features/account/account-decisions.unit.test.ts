import { describe, expect, it } from 'vitest';
import { decideChangePreferences, decideDismissTutorial } from './account-decisions';
import { foldAccountState, initialAccountState } from './account-state';
import type { StoredEvent } from '../../../events/catalog';

function stored(type: StoredEvent['type'], data: unknown): StoredEvent {
  return {
    type,
    data,
    metadata: { eventId: '00000000-0000-4000-8000-000000000000', occurredAt: '2025-10-16T09:00:00.000Z', userId: 7, requestId: 'r', causationId: 'r', correlationId: 'r' },
    streamId: 'user-7',
    streamPosition: 0n,
    position: '1',
    recordedAt: new Date(),
  } as StoredEvent;
}

describe('account decisions', () => {
  it('dismisses a tutorial once', () => {
    expect(decideDismissTutorial(initialAccountState, { userId: 7, tutorial: 'bass' })).toEqual([
      { type: 'TutorialDismissed', data: { userId: 7, tutorial: 'bass' } },
    ]);
    const state = foldAccountState([stored('UserRegistered', { userId: 7, email: 'a@b.c' }), stored('TutorialDismissed', { userId: 7, tutorial: 'bass' })]);
    expect(decideDismissTutorial(state, { userId: 7, tutorial: 'bass' })).toEqual([]);
    expect(decideDismissTutorial(state, { userId: 7, tutorial: 'drums' })).toHaveLength(1);
  });

  it('records only the preferences that change', () => {
    const state = foldAccountState([stored('UserPreferencesChanged', { userId: 7, chordInstrumentPreference: 'keys' })]);
    expect(state).toMatchObject({ showChordsPreference: true, chordInstrumentPreference: 'keys' });
    expect(decideChangePreferences(state, { userId: 7, chordInstrumentPreference: 'keys' })).toEqual([]);
    expect(decideChangePreferences(state, { userId: 7, showChordsPreference: false, chordInstrumentPreference: 'keys' })).toEqual([
      { type: 'UserPreferencesChanged', data: { userId: 7, showChordsPreference: false } },
    ]);
    expect(decideChangePreferences(initialAccountState, { userId: 7, showChordsPreference: true, chordInstrumentPreference: 'guitar' })).toEqual([
      { type: 'UserPreferencesChanged', data: { userId: 7, chordInstrumentPreference: 'guitar' } },
    ]);
  });
});
