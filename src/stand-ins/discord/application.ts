import { createPrivateKey, createPublicKey, sign, type KeyObject } from 'node:crypto';
import { isSnowflake } from './snowflakes.ts';

/** What a test or the CLI may choose about the stand-in's one Discord application. */
export interface StandInApplicationOptions {
  /** The application's id, which is also its client id and its bot user's id. */
  id?: string;
  clientSecret?: string;
  /** Sent as `Authorization: Bot <token>`; by default derived from the id as Discord's tokens are. */
  botToken?: string;
  /** 32 bytes as 64 hex digits; the same seed always gives the same Ed25519 key pair. */
  keySeed?: string;
}

/** The application as the Developer Portal shows it: what the site is configured with. */
export interface StandInApplication {
  id: string;
  name: string;
  clientSecret: string;
  botToken: string;
  /** The Ed25519 public key, 64 hex digits, that interactions are signed for (DISCORD_PUBLIC_KEY). */
  publicKeyHex: string;
}

export interface InteractionSignature {
  'X-Signature-Ed25519': string;
  'X-Signature-Timestamp': string;
}

/**
 * A PKCS8 DER for an Ed25519 private key is this fixed prefix and the 32-byte seed (RFC 8410), so a
 * seed alone makes the key pair: the CLI-started stand-in keeps its public key from run to run.
 */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** An Ed25519 SPKI DER ends with the 32 raw bytes of the public key, which Discord shows as hex. */
const RAW_PUBLIC_KEY_BYTES = 32;

function privateKeyFromSeed(seedHex: string): KeyObject {
  if (!/^[0-9a-f]{64}$/i.test(seedHex))
    throw new RangeError(`keySeed must be 32 bytes as 64 hex digits, got '${seedHex}'`);
  const der = Buffer.concat([ED25519_PKCS8_PREFIX, Buffer.from(seedHex, 'hex')]);
  return createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
}

function publicKeyHex(privateKey: KeyObject): string {
  const spki = createPublicKey(privateKey).export({ format: 'der', type: 'spki' });
  return spki.subarray(spki.length - RAW_PUBLIC_KEY_BYTES).toString('hex');
}

/** Discord's bot tokens start with the bot's id in base64; the rest here only has to be stable. */
const botTokenFor = (id: string): string =>
  `${Buffer.from(id).toString('base64').replace(/=+$/, '')}.GStand.in-bot-token-for-tests-only`;

const DEFAULT_ID = '1309876543210987654';
const DEFAULT_SEED = 'c9dc41771c31333cd2d255a13847dbaaceecf5e5c2acc20613c5b004dec0cd32';

/** The defaults, for a developer's `.env` and for tests that start the stand-in without options. */
export const STAND_IN_APP = {
  id: DEFAULT_ID,
  name: 'Clan site (stand-in)',
  clientSecret: 'StandInClientSecret_0123456789ab',
  botToken: botTokenFor(DEFAULT_ID),
  keySeed: DEFAULT_SEED,
  publicKeyHex: publicKeyHex(privateKeyFromSeed(DEFAULT_SEED)),
} as const;

/** The application and the private key that signs what Discord sends to its interactions endpoint. */
export class ApplicationKeys {
  readonly application: StandInApplication;
  private readonly privateKey: KeyObject;

  constructor(options: StandInApplicationOptions = {}) {
    const id = options.id ?? STAND_IN_APP.id;
    if (!isSnowflake(id)) throw new RangeError(`An application id is a snowflake (digits), got '${id}'`);
    this.privateKey = privateKeyFromSeed(options.keySeed ?? STAND_IN_APP.keySeed);
    this.application = {
      id,
      name: STAND_IN_APP.name,
      clientSecret: options.clientSecret ?? STAND_IN_APP.clientSecret,
      botToken: options.botToken ?? botTokenFor(id),
      publicKeyHex: publicKeyHex(this.privateKey),
    };
  }

  /** Discord's headers: an Ed25519 signature, in hex, over the timestamp followed by the raw body. */
  sign(body: string, timestamp: string): InteractionSignature {
    const signature = sign(null, Buffer.from(timestamp + body, 'utf8'), this.privateKey);
    return { 'X-Signature-Ed25519': signature.toString('hex'), 'X-Signature-Timestamp': timestamp };
  }
}
