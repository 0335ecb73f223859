import { describe, expect, it } from 'vitest';
import { lastActiveText } from './last-active-text';

const now = new Date('2025-06-15T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('Last Active text', () => {
  it('says Never without a value', () => {
    expect(lastActiveText(null, now)).toBe('Never');
    expect(lastActiveText(undefined, now)).toBe('Never');
    expect(lastActiveText('garbage', now)).toBe('Never');
  });

  it('says Just now under a minute, and for a time slightly ahead of the clock', () => {
    expect(lastActiveText(ago(0), now)).toBe('Just now');
    expect(lastActiveText(ago(MIN - 1), now)).toBe('Just now');
    expect(lastActiveText(ago(-5_000), now)).toBe('Just now');
  });

  it('counts whole minutes under an hour', () => {
    expect(lastActiveText(ago(MIN), now)).toBe('1m ago');
    expect(lastActiveText(ago(59 * MIN + 59_000), now)).toBe('59m ago');
  });

  it('counts whole hours under a day', () => {
    expect(lastActiveText(ago(HOUR), now)).toBe('1h ago');
    expect(lastActiveText(ago(DAY - 1), now)).toBe('23h ago');
  });

  it('counts whole days under 7 days', () => {
    expect(lastActiveText(ago(DAY), now)).toBe('1d ago');
    expect(lastActiveText(ago(7 * DAY - 1), now)).toBe('6d ago');
  });

  it('shows the date from 7 days on', () => {
    expect(lastActiveText(ago(7 * DAY), now)).toBe('Jun 08, 2025');
    expect(lastActiveText('2024-11-02T08:00:00.000Z', now)).toBe('Nov 02, 2024');
  });
});
