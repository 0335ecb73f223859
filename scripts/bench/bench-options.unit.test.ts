import { describe, expect, it } from 'vitest';
import { parseBenchOptions } from './bench-options';

describe('parseBenchOptions', () => {
  it('defaults to the full bench, both sections, PGlite in a temp dir', () => {
    expect(parseBenchOptions([])).toEqual({ quick: false, pgliteLocation: 'temp-dir' });
  });

  it('reads --quick, --only and --pglite, with a space or an equals sign', () => {
    expect(parseBenchOptions(['--quick', '--only', 'rebuild', '--pglite=memory'])).toEqual({ quick: true, only: 'rebuild', pgliteLocation: 'memory' });
    expect(parseBenchOptions(['--only=appends']).only).toBe('appends');
  });

  it('rejects unknown arguments and values', () => {
    expect(() => parseBenchOptions(['--fast'])).toThrow('Unknown argument --fast');
    expect(() => parseBenchOptions(['--only', 'reads'])).toThrow(RangeError);
    expect(() => parseBenchOptions(['--pglite', 'disk'])).toThrow(RangeError);
  });
});
