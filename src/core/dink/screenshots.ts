/**
 * What the site keeps of a Dink screenshot: a WebP re-encoded from the upload, at most as wide as
 * the full view shows it, and a thumbnail as wide as the lists show it (never enlarged).
 */
export const SCREENSHOT_FULL_WIDTH = 1280;
export const SCREENSHOT_THUMBNAIL_WIDTH = 320;

/**
 * The most pixels an upload may declare: a 5K game client (5120 × 2880) fits, while a small file
 * that claims a vast picture (a decompression bomb) is refused before it is decoded.
 */
export const SCREENSHOT_MAX_PIXELS = 16_000_000;

/** Where a moment's screenshot is served, full size and as a thumbnail; nulls without one. */
export function screenshotUrls(imageId: number | null): {
  image_url: string | null;
  thumbnail_url: string | null;
} {
  if (imageId === null) return { image_url: null, thumbnail_url: null };
  const url = `/api/dink/images/${imageId}`;
  return { image_url: url, thumbnail_url: `${url}/thumbnail` };
}
