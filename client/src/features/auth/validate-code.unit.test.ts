import { describe, expect, it } from 'vitest';
import { CODE_LENGTH, codeProblem } from './validate-code';

describe('codeProblem', () => {
  it('accepts exactly six digits', () => {
    expect(CODE_LENGTH).toBe(6);
    expect(codeProblem('000000')).toBeNull();
    expect(codeProblem('493817')).toBeNull();
  });

  it.each(['', '1', '12345', '1234567', 'abc'])("says 'Code must be 6 digits' for %j", (code) => {
    expect(codeProblem(code)).toBe('Code must be 6 digits');
  });

  it.each(['12345a', '12 345', '-12345', '１２３４５６', '1.2345'])("says 'Code must contain only numbers' for %j", (code) => {
    expect(codeProblem(code)).toBe('Code must contain only numbers');
  });
});
