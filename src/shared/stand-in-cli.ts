/** A setting a stand-in cannot run with; its message names the flag. */
export class CliError extends Error {
  override name = 'CliError';
}

/** A running stand-in, as far as its command needs it. */
export interface Closable {
  close(): Promise<void>;
}

/** Closes the stand-in (if one started), then exits: 0 once closed, 1 if closing failed. */
export function closeAndExit(standIn: Closable | null): void {
  Promise.resolve(standIn?.close()).then(
    () => process.exit(0),
    () => process.exit(1),
  );
}

/**
 * Runs a stand-in's command: what `start` returns serves until Ctrl+C or SIGTERM closes it (exit 0,
 * or 1 if closing failed); `null` means it had nothing to serve (`--help`). The signals are heard
 * from the first moment, so one that comes while it starts (right after it says it listens) still
 * closes it cleanly. A failure to start exits 1 with its message, and with the usage when the
 * command line was at fault.
 */
export function runStandInCli(usage: string, start: () => Promise<Closable | null>): void {
  const running = start();
  const stop = () => {
    running.then(closeAndExit, () => process.exit(1));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  running.catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${message}\n${error instanceof CliError ? `${usage}\n` : ''}`);
    process.exit(1);
  });
}
