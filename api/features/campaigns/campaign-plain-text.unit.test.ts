import { describe, expect, it } from 'vitest';
import { campaignEmail } from './campaign-email';
import { campaignPlainText } from './campaign-plain-text';

describe('campaign plain text', () => {
  it('separates paragraphs and headings by a blank line instead of running them together', () => {
    expect(campaignPlainText('<h1>New songs</h1><p>Three this week.</p><p>Enjoy!</p>')).toBe('New songs\n\nThree this week.\n\nEnjoy!');
    expect(campaignPlainText('<div>One</div><div>Two</div>')).toBe('One\n\nTwo');
  });

  it('puts every list item on its own line and ends a line at <br>', () => {
    expect(campaignPlainText('<p>This week:</p><ul><li>Blue in Green</li><li>So What</li></ul><p>Line one<br>line two<br/>end</p>')).toBe(
      'This week:\n\n- Blue in Green\n- So What\n\nLine one\nline two\nend',
    );
  });

  it('keeps the line breaks the administrator typed, and never more than one blank line', () => {
    expect(campaignPlainText('Hello,\n\nthree new songs.\n\n\n\nBye')).toBe('Hello,\n\nthree new songs.\n\nBye');
  });

  it('keeps link addresses and decodes entities', () => {
    expect(campaignPlainText('<p>Open <a href="https://woodshed.example/library">the&nbsp;library</a> &amp; play</p>')).toBe(
      'Open the library (https://woodshed.example/library) & play',
    );
    expect(campaignPlainText('<a href="https://woodshed.example/">https://woodshed.example/</a>')).toBe('https://woodshed.example/');
    expect(campaignPlainText('Tom &amp; Jerry &lt;3 &#8212; &#x263A; &unknown;')).toBe('Tom & Jerry <3 \u2014 \u263a &unknown;');
  });
});

describe('campaign mail', () => {
  it('has a text part with the message in blocks, then the footer', () => {
    const mail = campaignEmail({
      campaignId: 7,
      subject: 'News',
      htmlBody: '<h2>New songs</h2><p>Three this week:</p><ol><li>One</li><li>Two</li></ol>',
      recipient: { userId: 3, email: 'ada@example.com' },
      publicUrl: 'https://woodshed.example',
      unsubscribeKey: Buffer.alloc(32, 1),
    });
    expect(mail.text).toMatch(/^New songs\n\nThree this week:\n\n- One\n- Two\n\n--\nYou receive Woodshed announcements\. Unsubscribe: https:\/\/woodshed\.example\/api\/email-campaigns\/unsubscribe\?token=/);
  });
});
