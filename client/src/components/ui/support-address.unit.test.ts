import { describe, expect, it } from 'vitest';
import { supportAddress } from './support-address';

describe('supportAddress', () => {
  it("is support@ the site's domain, without www.", () => {
    expect(supportAddress({}, 'woodshed.example')).toBe('support@woodshed.example');
    expect(supportAddress({}, 'WWW.Woodshed.Example.')).toBe('support@woodshed.example');
    expect(supportAddress({}, 'localhost')).toBe('support@localhost');
  });

  it('takes the build setting when it is an address, and ignores it otherwise', () => {
    expect(supportAddress({ VITE_SUPPORT_EMAIL: ' help@band.example ' }, 'woodshed.example')).toBe('help@band.example');
    expect(supportAddress({ VITE_SUPPORT_EMAIL: 'not an address' }, 'woodshed.example')).toBe('support@woodshed.example');
    expect(supportAddress({ VITE_SUPPORT_EMAIL: '' }, 'woodshed.example')).toBe('support@woodshed.example');
  });
});
