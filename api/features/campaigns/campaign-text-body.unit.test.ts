import { describe, expect, it } from 'vitest';
import { campaignTextBody } from './campaign-text-body';

describe('campaign text body', () => {
  it('strips tags and turns non-breaking spaces into plain spaces', () => {
    expect(campaignTextBody('<p>New&nbsp;songs <b>this</b>\u00a0week</p>')).toBe('New songs this week');
    expect(campaignTextBody('<a href="https://woodshed.example/library">Open&NBSP;the library</a>')).toBe('Open the library');
  });

  it('keeps plain text, line breaks and other entities as they are', () => {
    expect(campaignTextBody('Hello,\n\nthree new songs & more')).toBe('Hello,\n\nthree new songs & more');
    expect(campaignTextBody('Tom &amp; Jerry')).toBe('Tom &amp; Jerry');
  });
});
