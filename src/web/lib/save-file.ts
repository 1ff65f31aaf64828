/**
 * Hands a file the server sent to the browser's downloads under its own name: a temporary link to an
 * object URL, clicked once. The URL is freed after the click has been handled, as some browsers read
 * it only then.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}
