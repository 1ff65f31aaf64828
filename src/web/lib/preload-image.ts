/** Fetches an image into the browser's cache ahead of need; `onError` hears of a failure. */
export function preloadImage(url: string, onError: () => void): void {
  const image = new Image();
  image.onerror = onError;
  image.src = url;
}
