import { summarize } from './percentiles.ts';
import { classify, REQUEST_KINDS, type Answer, type RequestKind } from './soak-outcomes.ts';

interface KindLog {
  latenciesMs: number[];
  refused: number;
  errors: number;
}

/** At most this many of each distinct error are kept to show, so a flood of them stays readable. */
const SHOWN_PER_ERROR = 3;

/** Every request the soak made: its latency and how it was answered, by kind. */
export class SoakLog {
  readonly #kinds = new Map<RequestKind, KindLog>(
    REQUEST_KINDS.map((kind) => [kind, { latenciesMs: [], refused: 0, errors: 0 }]),
  );
  readonly #errors = new Map<string, { count: number; examples: string[] }>();

  /** Records one answer; true when it was a success (neither refused nor an error). */
  record(kind: RequestKind, what: string, latencyMs: number, answer: Answer): boolean {
    const log = this.#kinds.get(kind) as KindLog;
    log.latenciesMs.push(latencyMs);
    const outcome = classify(kind, answer);
    if (outcome.kind === 'refused') log.refused += 1;
    if (outcome.kind !== 'error') return outcome.kind === 'ok';
    log.errors += 1;
    const key = `${kind}: ${outcome.label}`;
    const seen = this.#errors.get(key) ?? { count: 0, examples: [] };
    seen.count += 1;
    if (seen.examples.length < SHOWN_PER_ERROR) seen.examples.push(what);
    this.#errors.set(key, seen);
    return false;
  }

  get errorCount(): number {
    return [...this.#kinds.values()].reduce((sum, log) => sum + log.errors, 0);
  }

  /** One line per distinct error: how many, and the first requests that met it. */
  errorLines(): string[] {
    return [...this.#errors].map(
      ([key, seen]) => `${key} × ${seen.count} (e.g. ${seen.examples.join('; ')})`,
    );
  }

  /** The table's rows: per kind its count, rate over `seconds`, latencies, refusals and errors. */
  rows(seconds: number): string[][] {
    const ms = (value: number) => (Number.isNaN(value) ? '–' : String(Math.round(value)));
    return REQUEST_KINDS.map((kind) => {
      const log = this.#kinds.get(kind) as KindLog;
      const latency = summarize(log.latenciesMs);
      return [
        kind,
        log.latenciesMs.length.toLocaleString('en-US'),
        (log.latenciesMs.length / seconds).toFixed(1),
        ms(latency.p50),
        ms(latency.p90),
        ms(latency.p99),
        ms(latency.max),
        String(log.refused),
        String(log.errors),
      ];
    });
  }
}

export const SOAK_COLUMNS = [
  'request',
  'count',
  'per s',
  'p50 ms',
  'p90 ms',
  'p99 ms',
  'max ms',
  'expected refusals',
  'errors',
];
