import { describe, expect, it } from 'vitest';
import { endPracticeSessions, onPracticeSessionEnd } from './practice-session-end';

describe('endPracticeSessions', () => {
  it('ends every registered session and resolves once all are done; an unregistered one is left alone', async () => {
    const ended: string[] = [];
    const slow = onPracticeSessionEnd(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      ended.push('slow');
    });
    const gone = onPracticeSessionEnd(async () => {
      ended.push('gone');
    });
    gone();
    await endPracticeSessions();
    expect(ended).toEqual(['slow']);
    slow();
    await endPracticeSessions();
    expect(ended).toEqual(['slow']);
  });
});
