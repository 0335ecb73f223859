import { describe, expect, it } from 'vitest';
import { decodeEvent } from '../../events/catalog';
import { stemStreamed } from '../testing/stem-streamed';
import { usageBytesPerUser } from './usage-bytes-per-user-projection';

function decoded(given: { userId: number; bytesSent: number; occurredAt: string }) {
  return decodeEvent({ ...stemStreamed(given), streamId: `metering-user-${given.userId}`, streamPosition: 0n, position: '', recordedAt: new Date() });
}

describe('usage-bytes-per-user fold', () => {
  it('folds a batch into one delta per user, keeping the latest time whatever its precision', () => {
    const changes = usageBytesPerUser.fold([
      decoded({ userId: 8, bytesSent: 10, occurredAt: '2025-01-01T00:00:00.000Z' }),
      decoded({ userId: 9, bytesSent: 20, occurredAt: '2025-01-01T00:00:01Z' }),
      decoded({ userId: 8, bytesSent: 30, occurredAt: '2025-01-01T00:00:00.5Z' }),
      decoded({ userId: 8, bytesSent: 1, occurredAt: '2025-01-01T00:00:00.250Z' }),
    ]);
    expect(changes).toEqual(
      new Map([
        [8, { bytes: 41, streams: 3, lastStreamedAt: '2025-01-01T00:00:00.5Z' }],
        [9, { bytes: 20, streams: 1, lastStreamedAt: '2025-01-01T00:00:01Z' }],
      ]),
    );
  });

  it('extends the changes of earlier pages', () => {
    const first = usageBytesPerUser.fold([decoded({ userId: 8, bytesSent: 10, occurredAt: '2025-01-01T00:00:00.000Z' })]);
    const both = usageBytesPerUser.fold([decoded({ userId: 8, bytesSent: 5, occurredAt: '2025-01-02T00:00:00.000Z' })], first);
    expect(both).toEqual(new Map([[8, { bytes: 15, streams: 2, lastStreamedAt: '2025-01-02T00:00:00.000Z' }]]));
  });
});
