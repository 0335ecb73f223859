import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ExportMixSettings, ExportMixSource } from '../../lib/export/export-mix-source';
import { ExportDialog } from './export-dialog';

function source(fields: Partial<ExportMixSource> = {}): ExportMixSource & { render: ReturnType<typeof vi.fn> } {
  // The render's settings are what this test reads; the render itself (offline audio) is the browser tests'.
  const render = vi.fn((_settings: ExportMixSettings) => Promise.reject(new Error('not rendered here')));
  return {
    title: 'Sine Parade',
    duration: 6,
    sampleRate: 48_000,
    loadedStemIds: ['drums', 'bass'],
    gains: { drums: 1, bass: 1 },
    tempo: 0.8,
    transpose: -2,
    loop: null,
    click: null,
    takes: [
      { id: 'take-2', name: 'Take 2', gain: 0.5, soloed: false },
      { id: 'take-1', name: 'Take 1', gain: 0, soloed: false },
    ],
    loadedTakeId: 'take-2',
    ...fields,
    render,
  };
}

const takeSelect = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Include a take' });

describe('the export dialog’s take', () => {
  it('offers the takes that can be mixed in, the one playing along chosen, and renders with the take chosen', async () => {
    const mix = source();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<ExportDialog source={mix} onClose={() => undefined} />);
    expect([...takeSelect().options].map((option) => option.textContent)).toEqual(['No take', 'Take 2', 'Take 1 (muted)']);
    expect(takeSelect().value).toBe('take-2');
    expect(screen.getByText(/, with Take 2\./)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await screen.findByText(/The export failed/);
    expect(mix.render.mock.calls[0]![0]).toMatchObject({ gains: { drums: 1, bass: 1 }, tempo: 0.8, transpose: -2, take: { id: 'take-2', gain: 0.5 } });

    fireEvent.change(takeSelect(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await vi.waitFor(() => expect(mix.render).toHaveBeenCalledTimes(2));
    expect(mix.render.mock.calls[1]![0]).not.toHaveProperty('take');
    expect(logged).toHaveBeenCalledWith('Exporting the mix failed', expect.any(Error));
    logged.mockRestore();
  });

  it('says when no take can be mixed in, and starts without one when none plays along', () => {
    const { unmount } = render(<ExportDialog source={source({ takes: [], loadedTakeId: null })} onClose={() => undefined} />);
    expect(takeSelect().disabled).toBe(true);
    expect(takeSelect().selectedOptions[0]!.textContent).toBe('No take recorded at this tempo and transpose');
    unmount();
    render(<ExportDialog source={source({ loadedTakeId: null })} onClose={() => undefined} />);
    expect(takeSelect().value).toBe('');
  });

  it('with the band muted, exports the take alone, and refuses only when the take is muted too', () => {
    render(<ExportDialog source={source({ gains: { drums: 0, bass: 0 } })} onClose={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Export' })).toHaveProperty('disabled', false);
    fireEvent.change(takeSelect(), { target: { value: 'take-1' } });
    expect(screen.getByRole('alert').textContent).toBe('Every stem and the take are muted: unmute one to export.');
    expect(screen.getByRole('button', { name: 'Export' })).toHaveProperty('disabled', true);
  });
});
