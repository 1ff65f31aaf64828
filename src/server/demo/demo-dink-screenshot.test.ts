import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { demoScreenshot } from './demo-dink-screenshot.ts';

interface Chunk {
  type: string;
  data: Buffer;
  crcMatches: boolean;
}

function chunksOf(png: Buffer): Chunk[] {
  const chunks: Chunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const typed = png.subarray(at + 4, at + 8 + length);
    chunks.push({
      type: typed.subarray(0, 4).toString('ascii'),
      data: typed.subarray(4),
      crcMatches: crc32(typed) === png.readUInt32BE(at + 8 + length),
    });
    at += 12 + length;
  }
  return chunks;
}

describe('the demo screenshot', () => {
  it('is a valid PNG of a few kilobytes: signature, checked chunks, scanlines of its size', () => {
    const png = demoScreenshot([200, 120, 40], 7);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const chunks = chunksOf(png);
    expect(chunks.map((chunk) => chunk.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    expect(chunks.every((chunk) => chunk.crcMatches)).toBe(true);
    const header = chunks[0]!.data;
    const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
    expect([header[8], header[9]]).toEqual([8, 2]);
    const pixels = inflateSync(chunks[1]!.data);
    expect(pixels.length).toBe(height * (1 + width * 3));
    expect(png.length).toBeGreaterThan(1024);
    expect(png.length).toBeLessThan(16 * 1024);
  });

  it('is the same picture for the same colour and seed, another for another seed', () => {
    expect(demoScreenshot([40, 130, 90], 1)).toEqual(demoScreenshot([40, 130, 90], 1));
    expect(demoScreenshot([40, 130, 90], 2)).not.toEqual(demoScreenshot([40, 130, 90], 1));
  });
});
