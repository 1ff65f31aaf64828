import { describe, expect, it } from 'vitest';
import { clientNetworkOf, UNPARSABLE_ADDRESS } from './client-network.ts';

describe('clientNetworkOf', () => {
  it('counts an IPv4 address alone, with or without a port or leading zeros', () => {
    for (const address of ['203.0.113.7', '203.0.113.7:5678', '203.000.113.007', ' 203.0.113.7 ']) {
      expect(clientNetworkOf(address), address).toBe('203.0.113.7');
    }
    expect(clientNetworkOf('203.0.113.8')).toBe('203.0.113.8');
  });

  it('counts every address of one IPv6 /64 as that network, however it is written', () => {
    const network = '2001:db8:85a3:42::/64';
    for (const address of [
      '2001:db8:85a3:42::1',
      '2001:0db8:85a3:0042:ffff:ffff:ffff:fffe',
      '2001:DB8:85A3:42:1:2:3:4',
      '2001:db8:85a3:42:0:0:0:1%eth0',
      '[2001:db8:85a3:42::1]',
      '[2001:db8:85a3:42::1]:443',
    ]) {
      expect(clientNetworkOf(address), address).toBe(network);
    }
    expect(clientNetworkOf('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
    expect(clientNetworkOf('::1')).toBe('0:0:0:0::/64');
  });

  it('counts an IPv4 address written as IPv6 as the IPv4 address', () => {
    expect(clientNetworkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkOf('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientNetworkOf('[::ffff:203.0.113.7]:80')).toBe('203.0.113.7');
  });

  it('counts everything that is not an address in one shared bucket', () => {
    for (const text of ['1:2:3', '1::2::3', 'zz::1', 'unknown', '', '999.1.1.1', '1.2.3.4:port']) {
      expect(clientNetworkOf(text), text).toBe(UNPARSABLE_ADDRESS);
    }
  });
});
