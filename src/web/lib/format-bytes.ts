const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;
const size = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A size in bytes in its largest unit of 1024: 8388608 -> '8 MB', 1610612736 -> '1.5 GB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${size.format(bytes)} bytes`;
  let value = bytes;
  let unit: (typeof UNITS)[number] = 'KB';
  for (const next of UNITS) {
    value /= 1024;
    unit = next;
    if (value < 1024) break;
  }
  return `${size.format(value)} ${unit}`;
}
