import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

describe('clientAddress', () => {
  it('counts a request whose client has already gone in the shared bucket of unreadable addresses', () => {
    // Fastify's type promises a string; once the socket has closed, `ip` is undefined.
    const gone = { ip: undefined as unknown as string };
    expect(clientAddress(gone)).toBe('unparsable');
  });

  it('counts a request as the network of the address Fastify read', () => {
    expect(clientAddress({ ip: '[2001:db8:1:2::7]:443' })).toBe('2001:db8:1:2::/64');
  });
});
