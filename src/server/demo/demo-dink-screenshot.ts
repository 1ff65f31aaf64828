import { crc32, deflateSync } from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const WIDTH = 240;
const HEIGHT = 135;
/** Colour type 2: red, green and blue, 8 bits each. */
const TRUE_COLOUR = 2;
const BYTES_PER_PIXEL = 3;

type Rgb = readonly [number, number, number];

/** One PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

function header(): Buffer {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(WIDTH, 0);
  data.writeUInt32BE(HEIGHT, 4);
  data.writeUInt8(8, 8);
  data.writeUInt8(TRUE_COLOUR, 9);
  // Compression, filter and interlace methods: the only ones PNG defines, no interlacing.
  return data;
}

/** A fixed 32-bit mixer: the same seed always paints the same card. */
function noise(seed: number, x: number, y: number): number {
  let h = Math.imul(seed ^ Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 0xffffffff;
}

/**
 * The colour of one pixel of the card: a dark frame, a vertical gradient of `colour` and a band of
 * "game screen" speckles, so it reads as a picture in the feed and weighs a few kilobytes as a PNG.
 */
function pixel(x: number, y: number, colour: Rgb, seed: number): Rgb {
  const frame = x < 6 || y < 6 || x >= WIDTH - 6 || y >= HEIGHT - 6;
  if (frame) return [24, 20, 16];
  const shade = 0.55 + 0.45 * (1 - y / HEIGHT);
  const inBand = y > HEIGHT * 0.62 && y < HEIGHT * 0.8;
  const speckle = inBand ? 0.75 + 0.5 * noise(seed, x >> 1, y >> 1) : 1;
  const tone = (channel: number) => Math.min(255, Math.round(channel * shade * speckle));
  return [tone(colour[0]), tone(colour[1]), tone(colour[2])];
}

/**
 * A small valid PNG: a coloured card standing in for the game screenshot Dink attaches. `seed`
 * varies its speckles, so two cards of one colour are different pictures.
 */
export function demoScreenshot(colour: Rgb, seed: number): Buffer {
  const row = 1 + WIDTH * BYTES_PER_PIXEL;
  const raw = Buffer.alloc(row * HEIGHT);
  for (let y = 0; y < HEIGHT; y += 1) {
    // Filter type 0 (none) starts each scanline.
    raw[y * row] = 0;
    for (let x = 0; x < WIDTH; x += 1) {
      const [r, g, b] = pixel(x, y, colour, seed);
      const at = y * row + 1 + x * BYTES_PER_PIXEL;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header()),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
