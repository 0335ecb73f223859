import { describe, expect, it } from 'vitest';
import { MEASURED_LATENCY_KEY, inputDeviceKey, lastMeasurement, measuredLatencyOf, readMeasuredLatencies, withMeasurement, writeMeasuredLatencies } from './measured-latency';

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
}

const interfaceInput = { id: 'a1b2', label: 'Scarlett 2i2 USB' };
const laptop = { id: 'default', label: 'Default - Built-in Microphone' };

describe('measured latency per input', () => {
  it('keeps each input’s round trip under its name, and says which was measured last', () => {
    const storage = new MemoryStorage();
    let latencies = readMeasuredLatencies(storage);
    expect(measuredLatencyOf(latencies, interfaceInput)).toBeNull();
    latencies = withMeasurement(latencies, interfaceInput, { seconds: 0.0123, method: 'loopback', measuredAt: 1, label: interfaceInput.label });
    latencies = withMeasurement(latencies, laptop, { seconds: 0.081, method: 'taps', measuredAt: 2, label: laptop.label });
    writeMeasuredLatencies(storage, latencies);
    const read = readMeasuredLatencies(storage);
    // Plugged in again under another id, the interface is the same input.
    expect(measuredLatencyOf(read, { ...interfaceInput, id: 'zz99' })).toBe(0.0123);
    expect(measuredLatencyOf(read, laptop)).toBe(0.081);
    expect(lastMeasurement(read)).toMatchObject({ seconds: 0.081, method: 'taps' });
  });

  it('keys an unnamed input by its id', () => {
    expect(inputDeviceKey({ id: 'x7', label: '  ' })).toBe('id:x7');
  });

  it('reads a missing, malformed or out-of-range item as nothing measured, and survives a storage that throws', () => {
    const storage = new MemoryStorage();
    storage.setItem(MEASURED_LATENCY_KEY, '{not json');
    expect(readMeasuredLatencies(storage)).toEqual({ last: null, devices: {} });
    storage.setItem(MEASURED_LATENCY_KEY, JSON.stringify({ last: 'a', devices: { a: { seconds: 5, method: 'loopback', measuredAt: 1, label: 'a' } } }));
    expect(readMeasuredLatencies(storage)).toEqual({ last: null, devices: {} });
    const throwing = { getItem: () => { throw new Error('blocked'); }, setItem: () => { throw new Error('blocked'); } };
    expect(readMeasuredLatencies(throwing)).toEqual({ last: null, devices: {} });
    expect(() => writeMeasuredLatencies(throwing, { last: null, devices: {} })).not.toThrow();
  });
});
