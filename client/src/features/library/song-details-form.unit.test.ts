import { describe, expect, it } from 'vitest';
import { SPEC_GENRES, bpmDetectionProblem, formFromSong, genreChoices, hasNoCalls, planSongDetailsSave } from './song-details-form';

const song = { title: 'Sine Parade', genre: 'Rock', genre2: null, key: 'C major', bpm: 120, difficulty: 3 };
const before = formFromSong(song);

describe('formFromSong', () => {
  it('fills the inputs from the song, missing values as empty inputs (genre None; a song always has a difficulty)', () => {
    expect(before).toEqual({ title: 'Sine Parade', genre: 'Rock', genre2: '', key: 'C major', bpm: '120', difficulty: '3' });
    expect(formFromSong({ title: 'X', genre: null, genre2: null, key: null, bpm: null, difficulty: 5 })).toEqual({
      title: 'X',
      genre: '',
      genre2: '',
      key: '',
      bpm: '',
      difficulty: '5',
    });
  });
});

describe('planSongDetailsSave: validation (spec 000, section 5)', () => {
  it.each(['0', '-5', 'abc', '1e5', '0.5'])('refuses BPM %j with the spec texts', (bpm) => {
    const plan = planSongDetailsSave(before, { ...before, bpm });
    expect(plan).toEqual({ ok: false, problems: { bpm: { title: 'Invalid BPM', text: 'BPM must be a positive number' } } });
  });

  it('refuses a BPM above the input maximum of 300', () => {
    expect(planSongDetailsSave(before, { ...before, bpm: '301' })).toEqual({ ok: false, problems: { bpm: { title: 'Invalid BPM', text: 'BPM must be at most 300' } } });
    expect(planSongDetailsSave(before, { ...before, bpm: '300' })).toEqual({ ok: true, calls: { metadata: { bpm: 300 } } });
  });

  it.each(['0', '11', '5.5', 'x', '-1'])('refuses difficulty %j with the spec texts', (difficulty) => {
    expect(planSongDetailsSave(before, { ...before, difficulty })).toEqual({
      ok: false,
      problems: { difficulty: { title: 'Invalid Difficulty', text: 'Difficulty must be a number between 1 and 10' } },
    });
  });

  it('refuses an empty title and an over-long key, and reports every problem at once', () => {
    const plan = planSongDetailsSave(before, { ...before, title: '   ', key: 'k'.repeat(41), bpm: '0' });
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(Object.keys(plan.problems).sort()).toEqual(['bpm', 'key', 'title']);
  });

  it('accepts the bounds: BPM 1 and decimals, difficulty 1 and 10', () => {
    expect(planSongDetailsSave(before, { ...before, bpm: '1', difficulty: '10' })).toEqual({ ok: true, calls: { metadata: { bpm: 1, difficulty: 10 } } });
    expect(planSongDetailsSave(before, { ...before, bpm: '128.5', difficulty: '1' })).toEqual({ ok: true, calls: { metadata: { bpm: 128.5, difficulty: 1 } } });
  });
});

describe('planSongDetailsSave: what is sent', () => {
  it('sends nothing when nothing changed (whitespace and 120 vs 120.0 are no change)', () => {
    const plan = planSongDetailsSave(before, { ...before, title: ' Sine Parade ', bpm: '120.0' });
    expect(plan).toEqual({ ok: true, calls: {} });
    if (plan.ok) expect(hasNoCalls(plan.calls)).toBe(true);
  });

  it('sends the title on its own, trimmed', () => {
    expect(planSongDetailsSave(before, { ...before, title: '  New Title ', key: 'D minor' })).toEqual({
      ok: true,
      calls: { title: 'New Title', metadata: { key: 'D minor' } },
    });
  });

  it('sends only the changed ones of bpm, key and difficulty; emptied ones as null', () => {
    expect(planSongDetailsSave(before, { ...before, bpm: '', key: ' ', difficulty: '3' })).toEqual({ ok: true, calls: { metadata: { bpm: null, key: null } } });
    expect(planSongDetailsSave(before, { ...before, difficulty: '' })).toEqual({ ok: true, calls: { metadata: { difficulty: null } } });
  });

  it("sends both genres when either changed, 'None' as empty", () => {
    expect(planSongDetailsSave(before, { ...before, genre2: 'Pop' })).toEqual({ ok: true, calls: { genre: { genre: 'Rock', genre2: 'Pop' } } });
    expect(planSongDetailsSave(before, { ...before, genre: '' })).toEqual({ ok: true, calls: { genre: { genre: '', genre2: '' } } });
  });

  it('compares against what is saved, so a retry after a partial failure sends only the rest', () => {
    const form = { ...before, title: 'New Title', genre: 'Jazz' };
    const afterTitle = { ...before, title: 'New Title' };
    expect(planSongDetailsSave(afterTitle, form)).toEqual({ ok: true, calls: { genre: { genre: 'Jazz', genre2: '' } } });
  });
});

describe('genreChoices', () => {
  it("offers the spec's genres, plus the song's own genres the spec does not name", () => {
    expect(genreChoices('Rock', '')).toEqual([...SPEC_GENRES]);
    expect(genreChoices('Synthwave', 'rock', 'Synthwave')).toEqual([...SPEC_GENRES, 'Synthwave']);
  });
});

describe('bpmDetectionProblem', () => {
  it('tells a running detection (409) from no BPM found (422) and a network failure', () => {
    expect(bpmDetectionProblem(422)).toEqual({ title: 'BPM Detection Failed', text: 'Could not detect BPM from audio files' });
    expect(bpmDetectionProblem(409).text).toMatch(/being detected already/);
    expect(bpmDetectionProblem('FETCH_ERROR').text).toMatch(/Could not reach the server/);
    expect(bpmDetectionProblem(500).text).toBe('Could not detect BPM from audio files');
  });
});
