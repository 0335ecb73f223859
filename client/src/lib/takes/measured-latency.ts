import { z } from 'zod';
import type { MicrophoneDevice } from '../audio/recording/microphone-capture';
import type { Seconds } from '../audio/units';

/** The one local-storage item of latency calibration: each input's measured round trip, and the input measured last. */
export const MEASURED_LATENCY_KEY = 'woodshed:measured-latency';

const measurementSchema = z.object({
  seconds: z.number().min(0).max(1),
  method: z.enum(['loopback', 'taps']),
  measuredAt: z.number(),
  label: z.string().max(200),
});
const storedSchema = z.object({ last: z.string().nullable(), devices: z.record(z.string(), measurementSchema) });

/** A round trip measured on this browser with one input: by clicks heard back (loopback) or by taps along with clicks. */
export type LatencyMeasurement = z.infer<typeof measurementSchema>;
export type MeasuredLatencies = z.infer<typeof storedSchema>;

const none: MeasuredLatencies = { last: null, devices: {} };

/**
 * The key an input's measurement is kept under: its name, which stays the same when it is plugged in
 * again (the browser's id for it may not, and "default" follows whatever the system's default is);
 * the id only for an input the browser does not name.
 */
export function inputDeviceKey(device: MicrophoneDevice): string {
  const label = device.label.trim();
  return label === '' ? `id:${device.id}` : label;
}

/** The stored measurements; a missing, unreadable or malformed item reads as none. */
export function readMeasuredLatencies(storage: Pick<Storage, 'getItem'>): MeasuredLatencies {
  try {
    const stored = storage.getItem(MEASURED_LATENCY_KEY);
    if (stored === null) return none;
    return storedSchema.safeParse(JSON.parse(stored)).data ?? none;
  } catch {
    return none;
  }
}

export function writeMeasuredLatencies(storage: Pick<Storage, 'setItem'>, latencies: MeasuredLatencies): void {
  try {
    storage.setItem(MEASURED_LATENCY_KEY, JSON.stringify(latencies));
  } catch {
    // A full or blocked storage keeps the measurement for this visit only.
  }
}

/** `measurement` is now the input's, and the input is the one measured last. */
export function withMeasurement(latencies: MeasuredLatencies, device: MicrophoneDevice, measurement: LatencyMeasurement): MeasuredLatencies {
  const key = inputDeviceKey(device);
  return { last: key, devices: { ...latencies.devices, [key]: measurement } };
}

/** The round trip measured with this input, if it was. */
export function measuredLatencyOf(latencies: MeasuredLatencies, device: MicrophoneDevice): Seconds | null {
  return latencies.devices[inputDeviceKey(device)]?.seconds ?? null;
}

/** The input measured last and its measurement, for showing before a microphone is open. */
export function lastMeasurement(latencies: MeasuredLatencies): LatencyMeasurement | null {
  return latencies.last === null ? null : (latencies.devices[latencies.last] ?? null);
}
