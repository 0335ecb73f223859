import { describe, expect, it } from 'vitest';
import { plainTrimmedEvent } from '../testing/plain-trimmed-event';
import { parseTrimmedEvents } from './read-log-trimmed';
import { encodePosition } from './sql-position';

const types = ['Streamed', 'Starred'];
const reads = { Streamed: { schemaVersion: 2, data: ['user', 'range'], metadata: ['occurredAt'] } };

describe('parseTrimmedEvents', () => {
  it('turns the slots of a trimmed row into its read fields: [value] present, 0 absent, and other rows whole', () => {
    const text = ['7,1,2,1,[1],[null],["t1"]', '7,2,2,1,[2],0,[{"at":1}]', '8,3,1,1,{"user":3},{"occurredAt":"t3"}', '8,4,1,2,{"user":4},{}'].join(',\n');
    expect(parseTrimmedEvents(text, types, reads).map(plainTrimmedEvent)).toEqual([
      { position: encodePosition(7, 1), type: 'Streamed', schemaVersion: 2, data: { user: 1, range: null }, metadata: { occurredAt: 't1' } },
      { position: encodePosition(7, 2), type: 'Streamed', schemaVersion: 2, data: { user: 2 }, metadata: { occurredAt: { at: 1 } } },
      // An older version, and a type without reads, come whole.
      { position: encodePosition(8, 3), type: 'Streamed', schemaVersion: 1, data: { user: 3 }, metadata: { occurredAt: 't3' } },
      { position: encodePosition(8, 4), type: 'Starred', schemaVersion: 1, data: { user: 4 }, metadata: {} },
    ]);
    expect(parseTrimmedEvents(null, types, reads)).toEqual([]);
  });

  it('reads a neverNull field as its value, null when the server found it absent, beside [value]/0 fields', () => {
    const neverNullReads = { Streamed: { ...reads.Streamed, neverNull: { data: ['user'], metadata: ['occurredAt'] } } };
    const text = ['7,1,2,1,1,[null],"t1"', '7,2,2,1,null,0,null', '8,3,1,1,{"user":3},{"occurredAt":"t3"}'].join(',\n');
    expect(parseTrimmedEvents(text, types, neverNullReads).map(plainTrimmedEvent)).toEqual([
      { position: encodePosition(7, 1), type: 'Streamed', schemaVersion: 2, data: { user: 1, range: null }, metadata: { occurredAt: 't1' } },
      { position: encodePosition(7, 2), type: 'Streamed', schemaVersion: 2, data: { user: null }, metadata: { occurredAt: null } },
      { position: encodePosition(8, 3), type: 'Streamed', schemaVersion: 1, data: { user: 3 }, metadata: { occurredAt: 't3' } },
    ]);
  });

  it('refuses a page out of log order, whose next would be wrong', () => {
    expect(() => parseTrimmedEvents('7,2,1,2,{},{},\n7,1,1,2,{},{}', types, reads)).toThrow('out of log order');
  });

  it('refuses a repeated position, and one going back to an earlier transaction', () => {
    expect(() => parseTrimmedEvents('7,2,1,2,{},{},\n7,2,1,2,{},{}', types, reads)).toThrow('out of log order');
    expect(() => parseTrimmedEvents('7,2,1,2,{},{},\n8,1,1,2,{},{},\n7,3,1,2,{},{}', types, reads)).toThrow('out of log order');
  });

  it('encodes positions as encodePosition does, across transactions and digit counts', () => {
    const pairs = [[0, 1], [7, 9], [7, 10], [12, 3], [999_999, 1_000_000], [2 ** 53 - 1, 2 ** 53 - 1]] as const;
    const text = pairs.map(([txId, globalPosition]) => `${txId},${globalPosition},1,2,{},{}`).join(',\n');
    expect(parseTrimmedEvents(text, types, reads).map((event) => event.position)).toEqual(pairs.map(([txId, globalPosition]) => encodePosition(txId, globalPosition)));
  });

  it('refuses a text that does not hold whole events', () => {
    // A type index outside the filter, a schema version that is not a number, an event cut short.
    expect(() => parseTrimmedEvents('7,1,1,3,{},{}', types, reads)).toThrow('Not an event of a trimmed page');
    expect(() => parseTrimmedEvents('7,1,"2",1,1,[null],"t1"', types, reads)).toThrow('Not an event of a trimmed page');
    expect(() => parseTrimmedEvents('7,1,2,1,[1],[null]', types, reads)).toThrow('ends inside the event');
    expect(() => parseTrimmedEvents('7,1,1,2,{}', types, reads)).toThrow('ends inside the event');
  });

  it('refuses a position a JSON number cannot hold exactly', () => {
    expect(() => parseTrimmedEvents('9007199254740993,1,1,2,{},{}', types, reads)).toThrow('past 2^53');
  });
});
