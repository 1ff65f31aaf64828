import { describe, expect, it } from 'vitest';
import { isSiteHost, normalHost } from './site-hosts.ts';

describe('site hosts', () => {
  it('reads a host as a URL does, and nothing that is not one', () => {
    expect(normalHost('Clan.Example:8080')).toBe('clan.example:8080');
    expect(normalHost('localhost:80')).toBe('localhost');
    expect(normalHost('[::1]:3000')).toBe('[::1]:3000');
    for (const bad of ['', 'a b', 'evil.example/path', 'user@evil.example', 'a\\b', '[::1']) {
      expect(normalHost(bad), bad).toBeNull();
    }
  });

  it('matches a name at any port and a name with a port at that port only', () => {
    const hosts = ['localhost', '[::1]', '127.0.0.1', 'clan.example', 'lan.example:8080'];
    for (const host of ['localhost', 'LOCALHOST:3000', '[::1]:3000', '127.0.0.1:80', 'clan.example:8443']) {
      expect(isSiteHost(hosts, host), host).toBe(true);
    }
    expect(isSiteHost(hosts, 'lan.example:8080')).toBe(true);
    for (const host of ['lan.example', 'lan.example:9090', 'evil.example', 'clan.example.evil.example', '']) {
      expect(isSiteHost(hosts, host), host).toBe(false);
    }
  });
});
