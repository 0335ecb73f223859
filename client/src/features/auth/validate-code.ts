export const CODE_LENGTH = 6;

export function codeProblem(code: string): string | null {
  if (code.length !== CODE_LENGTH) return 'Code must be 6 digits';
  if (!/^\d+$/.test(code)) return 'Code must contain only numbers';
  return null;
}
