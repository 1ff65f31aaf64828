/**
 * Lines inside a box drawn with ─│ characters, so something an operator must copy (a generated
 * password) stands out from the log around it.
 */
export function framedBlock(lines: readonly string[]): string {
  // Code points, not UTF-16 units, so a name with an emoji still gets a straight right edge.
  const width = Math.max(...lines.map((line) => [...line].length));
  const rule = '─'.repeat(width + 2);
  return [
    `┌${rule}┐`,
    ...lines.map((line) => `│ ${line}${' '.repeat(width - [...line].length)} │`),
    `└${rule}┘`,
  ].join('\n');
}
