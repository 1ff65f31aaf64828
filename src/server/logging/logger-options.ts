import type { Config } from '../config.ts';
import { formatLogLine } from './pretty-log-line.ts';

/** Where log text goes: process.stdout, or a test's recorder. */
export interface LogSink {
  write(text: string): void;
}

/**
 * Fastify's logger settings. JSON goes through pino's own fast path to stdout untouched; the
 * pretty format parses each line again to reformat it, a cost paid only when a person reads.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  out: LogSink = process.stdout,
): { level: string; stream?: LogSink } {
  if (config.logFormat === 'json') return { level: config.logLevel };
  return { level: config.logLevel, stream: { write: (line) => out.write(`${formatLogLine(line)}\n`) } };
}
