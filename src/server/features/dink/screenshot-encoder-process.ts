/**
 * The screenshot encoder as a process of its own (dist/server/screenshot-encoder-process.js), started
 * by `screenshot-encoding.ts` when a screenshot arrives and stopped once none has come for a while
 * (decision 031). Decoding what members upload happens here, not in the app: libvips and its buffers
 * never count in the app's memory, and an image that crashes the decoder ends this process only.
 */
import sharp from 'sharp';
import {
  SCREENSHOT_FULL_WIDTH,
  SCREENSHOT_MAX_PIXELS,
  SCREENSHOT_THUMBNAIL_WIDTH,
} from '#core/dink/screenshots.ts';
import type {
  FromScreenshotEncoder,
  ScreenshotRefusal,
  ToScreenshotEncoder,
} from './screenshot-encoder-messages.ts';

// Each picture is decoded once and dropped: nothing is worth keeping between uploads.
sharp.cache(false);
// One libvips thread: the app keeps the machine's other core.
sharp.concurrency(1);
// Dink sends PNG and, rarely, JPEG: libvips's other decoders (SVG, TIFF, HEIF, ...) never see an upload.
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({ operation: ['VipsForeignLoadPngBuffer', 'VipsForeignLoadJpegBuffer'] });

class Refused extends Error {
  constructor(readonly reason: ScreenshotRefusal) {
    super(reason);
  }
}

/**
 * The upload decoded once and scaled to the full view's width as plain sRGB pixels, from which both
 * WebPs are made: pixels carry no EXIF, ICC, XMP or text chunks, so nothing of the file's metadata
 * is kept.
 */
async function fullViewPixels(bytes: Uint8Array) {
  const input = sharp(bytes, {
    limitInputPixels: SCREENSHOT_MAX_PIXELS,
    sequentialRead: true,
    autoOrient: true,
  });
  const { format } = await input.metadata();
  if (format !== 'png' && format !== 'jpeg') throw new Refused('unreadable');
  return input
    .resize({ width: SCREENSHOT_FULL_WIDTH, withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
}

async function encode(bytes: Uint8Array): Promise<{ full: Buffer; thumbnail: Buffer }> {
  const { data, info } = await fullViewPixels(bytes);
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const full = await sharp(data, raw).webp({ quality: 80 }).toBuffer();
  const thumbnail = await sharp(data, raw)
    .resize({ width: SCREENSHOT_THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 75 })
    .toBuffer();
  return { full, thumbnail };
}

function refusalOf(error: unknown): ScreenshotRefusal {
  if (error instanceof Refused) return error.reason;
  return error instanceof Error && /pixel limit/i.test(error.message) ? 'too_many_pixels' : 'unreadable';
}

function tell(message: FromScreenshotEncoder): void {
  process.send?.(message);
}

if (!process.send) {
  process.stderr.write('screenshot-encoder-process is started by the app, over IPC\n');
  process.exit(1);
}
// Ctrl-C reaches the whole process group; the app ends this process by closing the channel.
process.on('SIGINT', () => {});
process.once('disconnect', () => process.exit());
process.on('message', (message: ToScreenshotEncoder) => {
  encode(message.bytes).then(
    ({ full, thumbnail }) => tell({ type: 'encoded', id: message.id, full, thumbnail }),
    (error: unknown) => tell({ type: 'refused', id: message.id, reason: refusalOf(error) }),
  );
});
tell({ type: 'ready' });
