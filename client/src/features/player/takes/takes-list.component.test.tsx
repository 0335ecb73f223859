import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TakeListItem } from './take-list-items';
import { TakesList } from './takes-list';

const item = (id: string, name: string, fields: Partial<TakeListItem> = {}): TakeListItem => ({
  id,
  songId: '1',
  name,
  recordedAt: Date.parse('2026-11-24T18:30:00.000Z'),
  localDate: '2026-11-24',
  durationSeconds: 95,
  startSeconds: 0,
  tempo: 0.8,
  transpose: -2,
  scope: 'song',
  range: null,
  latencySeconds: 0,
  updatedAt: 0,
  onDevice: true,
  ...fields,
});

function renderList(takes: TakeListItem[], loadedId: string | null = null) {
  const handlers = { onPlayAlong: vi.fn(), onRename: vi.fn(), onDelete: vi.fn() };
  render(<TakesList takes={takes} loadedId={loadedId} {...handlers} />);
  return handlers;
}

describe('the takes list', () => {
  it('says how to record when the song has no takes', () => {
    renderList([]);
    screen.getByText(/No takes of this song yet/);
  });

  it('shows each take’s tempo, transpose and length, and plays along only with takes recorded on this device', () => {
    const handlers = renderList([item('a', 'Take 2'), item('b', 'Take 1', { onDevice: false, tempo: 1, transpose: 0, durationSeconds: 30 })]);
    const [here, elsewhere] = screen.getAllByTestId('take');
    expect(here!.textContent).toContain('80% · -2 st · 1:35');
    expect(elsewhere!.textContent).toContain('100% · 0 st · 0:30 · on another device');
    fireEvent.click(within(here!).getByRole('button', { name: 'Play along with Take 2' }));
    expect(handlers.onPlayAlong).toHaveBeenCalledWith('a');
    expect(within(elsewhere!).getByRole('button', { name: 'Play along with Take 1' })).toHaveProperty('disabled', true);
  });

  it('marks the loaded take', () => {
    renderList([item('a', 'Take 2')], 'a');
    expect(screen.getByTestId('take').dataset.loaded).toBe('true');
    expect(screen.getByRole('button', { name: 'Play along with Take 2' }).textContent).toBe('LOADED');
  });

  it('renames on Enter, keeps the name on Escape or an empty name', () => {
    const handlers = renderList([item('a', 'Take 2')]);
    fireEvent.click(screen.getByRole('button', { name: 'Rename Take 2' }));
    const field = screen.getByRole('textbox', { name: 'New name for Take 2' });
    fireEvent.change(field, { target: { value: 'Keeper' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(handlers.onRename).toHaveBeenCalledWith('a', 'Keeper');

    fireEvent.click(screen.getByRole('button', { name: 'Rename Take 2' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'New name for Take 2' }), { target: { value: 'Other' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'New name for Take 2' }), { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Rename Take 2' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'New name for Take 2' }), { target: { value: '   ' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'New name for Take 2' }), { key: 'Enter' });
    expect(handlers.onRename).toHaveBeenCalledTimes(1);
  });

  it('deletes only after a confirmation, and keeps the take when told to', () => {
    const handlers = renderList([item('a', 'Take 2')]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Take 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep Take 2' }));
    expect(handlers.onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Delete Take 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm delete Take 2' }));
    expect(handlers.onDelete).toHaveBeenCalledWith('a');
  });
});
