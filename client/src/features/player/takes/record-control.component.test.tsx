import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { RecordControl, type RecordControlProps } from './record-control';

function renderControl(props: Partial<RecordControlProps> = {}) {
  const handlers = { onScope: vi.fn(), onToggle: vi.fn() };
  const view = render(<RecordControl unavailable={null} status="idle" problem={null} scope="song" hasSection looping={false} {...handlers} {...props} />);
  return { ...handlers, view };
}

describe('the record control', () => {
  it('records and stops with one button, pressed while recording', () => {
    const { onToggle, view } = renderControl();
    const button = screen.getByRole('button', { name: 'Record a take' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(onToggle).toHaveBeenCalledTimes(1);
    view.rerender(<RecordControl unavailable={null} status="recording" problem={null} scope="song" hasSection looping={false} onScope={vi.fn()} onToggle={onToggle} />);
    expect(screen.getByRole('button', { name: 'Stop recording' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('recording-status').textContent).toBe('Recording');
  });

  it('waits while the microphone is asked for and while the take is saved', () => {
    renderControl({ status: 'arming' });
    expect(screen.getByRole('button', { name: 'Record a take' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('recording-status').textContent).toBe('Waiting for the microphone...');
  });

  it('chooses the song from the playhead or the section, and says each loop pass is its own take while looping', () => {
    const { onScope, view } = renderControl();
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'section' } });
    expect(onScope).toHaveBeenCalledWith('section');
    view.unmount();
    renderControl({ looping: true });
    expect(screen.queryByRole('combobox')).toBeNull();
    screen.getByText('Each pass of the loop is its own take.');
  });

  it('says clearly why it cannot record: no microphone, permission denied, unplugged mid-take, storage full', () => {
    const cases = [
      ['no-microphone', 'No microphone was found.'],
      ['denied', 'not allowed to use the microphone'],
      ['unplugged', 'The microphone was disconnected. The take was kept up to that point.'],
      ['storage-full', 'storage is full. The take was kept up to that point'],
    ] as const;
    for (const [problem, words] of cases) {
      const { view } = renderControl({ problem });
      expect(screen.getByRole('alert').textContent).toContain(words);
      // Recording can be tried again.
      expect(screen.getByRole('button', { name: 'Record a take' })).toHaveProperty('disabled', false);
      view.unmount();
    }
  });

  it('is not offered outside a secure context, and says why', () => {
    renderControl({ unavailable: 'insecure' });
    expect(screen.queryByRole('button', { name: 'Record a take' })).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Recording needs a secure connection (https).');
  });
});
