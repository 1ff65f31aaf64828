import sharp from 'sharp';

/** A fixed 32-bit mixer: the same inputs always give the same value in 0..1. */
function hash(seed: number, x: number, y: number): number {
  let h = Math.imul(seed ^ Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 0xffffffff;
}

const BLOCK = 24;

/**
 * A PNG shaped like a game screenshot to an encoder: patches of colour (what survives a thumbnail)
 * under a fine grain `grain` strong (0 to 255; what makes a real screenshot's PNG megabytes). The
 * same seed paints the same picture.
 */
export async function noisyPng(width: number, height: number, seed: number, grain = 48): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3;
      for (let channel = 0; channel < 3; channel += 1) {
        const patch = hash(seed + channel, Math.floor(x / BLOCK), Math.floor(y / BLOCK)) * 200;
        const fine = (hash(seed + 3 + channel, x, y) - 0.5) * grain;
        pixels[at + channel] = Math.max(0, Math.min(255, Math.round(30 + patch + fine)));
      }
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}
