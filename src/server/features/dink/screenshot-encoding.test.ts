import { describe, expect, it } from 'vitest';
import { DINK_MAX_IMAGE_BYTES } from '#core/dink/receiver-limits.ts';
import { RateLimitedError } from '../../http/http-error.ts';
import { pngBytes } from './dink.testing.ts';
import { ENCODER_BUSY_MESSAGE, MAX_QUEUED_BYTES, encodeScreenshot } from './screenshot-encoding.ts';

describe('the screenshot encoder', () => {
  it('refuses with 429 a screenshot that would hold more than 64 MB of uploads, and takes one again once they are done', async () => {
    const largest = pngBytes(DINK_MAX_IMAGE_BYTES);
    const fit = MAX_QUEUED_BYTES / DINK_MAX_IMAGE_BYTES;
    const held = Array.from({ length: fit }, () => encodeScreenshot(largest));
    const refused = encodeScreenshot(largest);
    await expect(refused).rejects.toBeInstanceOf(RateLimitedError);
    await expect(refused).rejects.toMatchObject({ statusCode: 429, message: ENCODER_BUSY_MESSAGE });
    for (const encoded of await Promise.all(held)) {
      expect(encoded.full.subarray(8, 12).toString('ascii')).toBe('WEBP');
    }
    await expect(encodeScreenshot(largest)).resolves.toMatchObject({ thumbnail: expect.any(Buffer) });
  });
});
