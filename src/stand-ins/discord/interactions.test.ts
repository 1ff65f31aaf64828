import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '#test/http-call.ts';
import { manualClock } from '#test/manual-clock.ts';
import { ApplicationKeys } from './application.ts';
import { STAND_IN_APP, startDiscordStandIn, type DiscordStandIn } from './index.ts';

/** RFC 8410: an Ed25519 public key's SPKI DER is this prefix and the 32 raw bytes Discord shows in hex. */
const SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');
const publicKeyFrom = (hex: string): KeyObject =>
  createPublicKey({
    key: Buffer.concat([SPKI_PREFIX, Buffer.from(hex, 'hex')]),
    format: 'der',
    type: 'spki',
  });

/** What the docs tell an app to do with each interaction (interactions/overview, security headers). */
const verified = (publicKeyHex: string, timestamp: string, body: string, signatureHex: string): boolean =>
  verify(null, Buffer.from(timestamp + body), publicKeyFrom(publicKeyHex), Buffer.from(signatureHex, 'hex'));

const NOW = '2026-11-21T12:00:00.000Z';

interface Arrival {
  headers: IncomingHttpHeaders;
  body: string;
}

describe("the stand-in's signed interactions", () => {
  let standIn: DiscordStandIn;
  /** A site's interactions endpoint: checks the signature as the docs say, answers PING with PONG. */
  let site: Server;
  let siteUrl: string;
  const arrivals: Arrival[] = [];
  beforeAll(async () => {
    standIn = await startDiscordStandIn({ clock: manualClock(NOW), rateLimit: false, control: true });
    site = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        arrivals.push({ headers: request.headers, body });
        const signature = String(request.headers['x-signature-ed25519'] ?? '');
        const timestamp = String(request.headers['x-signature-timestamp'] ?? '');
        const ok = verified(STAND_IN_APP.publicKeyHex, timestamp, body, signature);
        response.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' });
        response.end(
          ok ? JSON.stringify({ type: 1 }) : JSON.stringify({ error: 'invalid request signature' }),
        );
      });
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/api/discord/interactions`;
  });
  afterAll(async () => {
    await standIn.close();
    await new Promise<void>((resolve) => site.close(() => resolve()));
  });

  it('signs timestamp + body with the key behind the public key it shows', () => {
    const body = JSON.stringify({ type: 1 });
    const headers = standIn.signInteraction(body, '1700000000');
    expect(headers['X-Signature-Timestamp']).toBe('1700000000');
    expect(headers['X-Signature-Ed25519']).toMatch(/^[0-9a-f]{128}$/);
    expect(
      verified(standIn.application.publicKeyHex, '1700000000', body, headers['X-Signature-Ed25519']),
    ).toBe(true);
    // A changed body or timestamp does not verify: the check an endpoint must make.
    expect(
      verified(STAND_IN_APP.publicKeyHex, '1700000000', `${body} `, headers['X-Signature-Ed25519']),
    ).toBe(false);
    expect(verified(STAND_IN_APP.publicKeyHex, '1700000001', body, headers['X-Signature-Ed25519'])).toBe(
      false,
    );
  });

  it("takes the timestamp from the stand-in's clock in Unix seconds by default", () => {
    expect(standIn.signInteraction('{}')['X-Signature-Timestamp']).toBe(String(Date.parse(NOW) / 1000));
  });

  it('keeps the same key for the same seed, and shows it as 64 hex digits', () => {
    expect(standIn.application.publicKeyHex).toBe(STAND_IN_APP.publicKeyHex);
    expect(STAND_IN_APP.publicKeyHex).toMatch(/^[0-9a-f]{64}$/);
    const seed = '11'.repeat(32);
    const other = new ApplicationKeys({ keySeed: seed }).application.publicKeyHex;
    expect(other).not.toBe(STAND_IN_APP.publicKeyHex);
    expect(new ApplicationKeys({ keySeed: seed }).application.publicKeyHex).toBe(other);
  });

  it('posts an interaction as signed JSON, as Discord does', async () => {
    const interaction = { type: 2, id: '1', token: 'interaction-token', data: { name: 'rank' } };
    const response = await standIn.sendInteraction(siteUrl, interaction);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ type: 1 });
    const arrival = arrivals.at(-1);
    expect(arrival?.headers['content-type']).toBe('application/json');
    // The application's id is added, as Discord sends it with every interaction.
    expect(JSON.parse(arrival?.body ?? '')).toEqual({
      ...interaction,
      application_id: standIn.application.id,
    });
  });

  it('gives each interaction a token of its own when the test names none', async () => {
    await standIn.sendInteraction(siteUrl, { type: 1 });
    await standIn.sendInteraction(siteUrl, { type: 1 });
    const tokens = arrivals.slice(-2).map((arrival) => (JSON.parse(arrival.body) as { token: string }).token);
    expect(tokens[0]).toMatch(/^stand-in-\d+$/);
    expect(tokens[1]).not.toBe(tokens[0]);
  });

  it('sends an interaction over the control route and answers with the site’s status and body', async () => {
    const sent = await post<{ status: number; body: unknown }>(`${standIn.url}/__control/interactions`, {
      url: siteUrl,
      interaction: { type: 1 },
    });
    expect([sent.status, sent.body]).toEqual([200, { status: 200, body: { type: 1 } }]);
    const unreachable = await post(`${standIn.url}/__control/interactions`, {
      url: 'http://127.0.0.1:1/interactions',
      interaction: { type: 1 },
    });
    expect(unreachable.status).toBe(502);
  });
});
