import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LatencyCalibrationPanel } from './latency-calibration-panel';
import type { LatencyCalibration } from './use-latency-calibration';

function calibration(overrides: Partial<LatencyCalibration> = {}): LatencyCalibration {
  return { measurement: null, phase: 'idle', problem: null, canTap: false, calibrate: vi.fn(), tapAlong: vi.fn(), tap: vi.fn(), cancel: vi.fn(), ...overrides };
}

describe('the latency calibration panel', () => {
  it('says the latency is not measured until it is, then its figure, how it was measured and with which input', () => {
    const first = calibration();
    const view = render(<LatencyCalibrationPanel calibration={first} disabled={false} />);
    expect(screen.getByTestId('latency-status').textContent).toContain('Latency not measured');
    expect(screen.getByTestId('latency-status').getAttribute('data-measured')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Calibrate latency' }));
    expect(first.calibrate).toHaveBeenCalledTimes(1);
    const measured = calibration({ measurement: { seconds: 0.02345, method: 'loopback', measuredAt: 1, label: 'Scarlett 2i2 USB' } });
    view.rerender(<LatencyCalibrationPanel calibration={measured} disabled={false} />);
    expect(screen.getByTestId('latency-status').textContent).toBe('Latency 23.4 ms, measured by clicks heard back with Scarlett 2i2 USB.');
    // It can be measured again.
    expect(screen.getByRole('button', { name: 'Calibrate latency' }).textContent).toBe('CALIBRATE AGAIN');
  });

  it('offers tapping along when no click was heard back, and says why', () => {
    render(<LatencyCalibrationPanel calibration={calibration({ problem: 'no-clicks', canTap: true })} disabled={false} />);
    expect(screen.getByRole('alert').textContent).toContain('No clicks were heard back');
    screen.getByRole('button', { name: 'Tap along instead' });
  });

  it('takes each tap at its event’s time, from the pointer or the space bar (the player’s play/pause not)', () => {
    const tapping = calibration({ phase: 'tapping' });
    render(<LatencyCalibrationPanel calibration={tapping} disabled={false} />);
    const tap = screen.getByRole('button', { name: 'Tap' });
    fireEvent.pointerDown(tap);
    const space = fireEvent.keyDown(tap, { key: ' ' });
    expect(space).toBe(false);
    fireEvent.keyDown(tap, { key: ' ', repeat: true });
    expect(tapping.tap).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel tapping' }));
    expect(tapping.cancel).toHaveBeenCalledTimes(1);
  });

  it('says clearly why it could not measure: permission denied, no microphone, uneven taps', () => {
    const cases = [
      ['denied', 'not allowed to use the microphone'],
      ['no-microphone', 'No microphone was found'],
      ['uneven-taps', 'too uneven'],
    ] as const;
    for (const [problem, text] of cases) {
      const view = render(<LatencyCalibrationPanel calibration={calibration({ problem })} disabled={false} />);
      expect(screen.getByRole('alert').textContent).toContain(text);
      expect(screen.queryByRole('button', { name: 'Tap along instead' })).toBeNull();
      view.unmount();
    }
  });

  it('cannot calibrate while a take is recorded', () => {
    render(<LatencyCalibrationPanel calibration={calibration()} disabled />);
    expect(screen.getByRole('button', { name: 'Calibrate latency' })).toHaveProperty('disabled', true);
  });
});
