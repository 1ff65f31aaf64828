const UNITS = ['bytes', 'KB', 'MB', 'GB'] as const;

/** `1.4 MB`: sizes as a person reads them in a terminal, in powers of 1024. */
export function formatBytes(bytes: number): string {
  let size = bytes;
  let unit = 0;
  while (size >= 1024 && unit < UNITS.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${size} bytes` : `${size.toFixed(1)} ${UNITS[unit]}`;
}
