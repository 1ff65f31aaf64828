import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { INTERACTION_MAX_AGE_SECONDS } from '#core/discord/interactions.ts';

const HEX_KEY = /^[0-9a-f]{64}$/i;
const HEX_SIGNATURE = /^[0-9a-f]{128}$/i;

/** The application's Ed25519 public key from its hex form (Discord's developer portal shows it so). */
export function interactionKey(hex: string): KeyObject {
  if (!HEX_KEY.test(hex)) throw new Error('DISCORD_PUBLIC_KEY must be 64 hexadecimal characters');
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(hex, 'hex').toString('base64url') },
    format: 'jwk',
  });
}

/**
 * Whether Discord signed this request (issue 32): `X-Signature-Ed25519` over `X-Signature-Timestamp`
 * and the raw body, with the application's key; a timestamp more than five minutes from now is
 * refused too, so a request seen once cannot be sent again later.
 */
export function isSignedByDiscord(
  key: KeyObject,
  request: { signature: string | undefined; timestamp: string | undefined; body: string },
  nowMs: number,
): boolean {
  const { signature, timestamp } = request;
  if (signature === undefined || timestamp === undefined || !HEX_SIGNATURE.test(signature)) return false;
  const seconds = Number(timestamp);
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowMs / 1000 - seconds) > INTERACTION_MAX_AGE_SECONDS)
    return false;
  return verify(null, Buffer.from(timestamp + request.body), key, Buffer.from(signature, 'hex'));
}
