/** pino's numeric levels as the words a person reads. */
const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Shown as the line's head, or the same on every line (pid, hostname): not repeated as fields. */
const HEAD_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname']);

/** An error's stack starts with its type and message, so these are not repeated as fields. */
const STACK_FIELDS = new Set(['type', 'message', 'stack']);

type LogRecord = Record<string, unknown>;

function isRecord(value: unknown): value is LogRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function clockTime(epochMs: number): string {
  const at = new Date(epochMs);
  return [at.getHours(), at.getMinutes(), at.getSeconds()]
    .map((part) => String(part).padStart(2, '0'))
    .join(':');
}

/** C0, DEL and C1: JSON escapes only C0, and some terminals read a C1 character as an escape sequence. */
const CONTROL = /\p{Cc}/gu;

/**
 * Text as a terminal shows it, not as it acts: a carriage return, backspace or ANSI escape sequence
 * in a logged name or message could otherwise overwrite the line's head or recolour the terminal.
 */
function printable(text: string): string {
  return text.replace(CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Bare when it cannot be misread; quoted when a space, quote, `=` or control character would blur where it ends. */
function fieldValue(value: unknown): string {
  if (typeof value === 'string' && /^[^\s"=\p{Cc}]+$/u.test(value)) return value;
  return JSON.stringify(value);
}

/**
 * One pino JSON line as `HH:MM:SS LEVEL message key=value...` in local time. Later lines of the
 * message and an error's stack follow, indented under the message so the head column stays clear.
 */
export function formatLogLine(line: string): string {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    // pino writes JSON only; should anything else arrive, showing it beats losing it.
    return line.trimEnd();
  }
  if (!isRecord(record)) return line.trimEnd();

  const time = typeof record.time === 'number' ? clockTime(record.time) : '--:--:--';
  const level = typeof record.level === 'number' ? (LEVEL_NAMES[record.level] ?? String(record.level)) : '';
  const head = `${time} ${level.padEnd(5)} `;
  const [summary = '', ...moreLines] = (typeof record.msg === 'string' ? record.msg : '').split('\n');

  const fields: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (HEAD_FIELDS.has(key)) continue;
    if (isRecord(value) && typeof value.stack === 'string') {
      moreLines.push(...value.stack.split('\n'));
      const extras = Object.entries(value).filter(([name]) => !STACK_FIELDS.has(name));
      if (extras.length > 0) fields.push(`${key}=${fieldValue(Object.fromEntries(extras))}`);
    } else {
      fields.push(`${key}=${fieldValue(value)}`);
    }
  }

  const indent = ' '.repeat(head.length);
  const first = `${head}${[summary, ...fields].filter((part) => part !== '').join(' ')}`;
  return [first, ...moreLines.map((more) => `${indent}${more}`)].map(printable).join('\n');
}
