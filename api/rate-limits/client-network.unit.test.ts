import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network';

describe('clientNetwork', () => {
  it('counts an IPv4 address, plain or mapped into IPv6, as itself', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts every IPv6 address of one /64 as one network', () => {
    const network = '2001:db8:1:2::/64';
    expect(clientNetwork('2001:db8:1:2::1')).toBe(network);
    expect(clientNetwork('2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd')).toBe(network);
    expect(clientNetwork('2001:db8:1:2:0:0:0:9%eth0')).toBe(network);
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('puts whatever is not an IP address into one shared bucket', () => {
    expect(['', 'unknown', 'evil, 1.2.3.4', '999.1.1.1'].map(clientNetwork)).toEqual(['unparseable', 'unparseable', 'unparseable', 'unparseable']);
  });
});
