/** Where start-up and shutdown report; Fastify's logger fits, and so does a plain stream writer. */
export interface LifecycleLog {
  info(message: string): void;
  error(message: string): void;
}

export interface Lifecycle {
  /** Something to close at shutdown; closed in the reverse order of registration. */
  onShutdown(name: string, close: () => Promise<void>): void;
  /** Reports through this log from now on (the app's logger, once it exists). */
  useLog(log: LifecycleLog): void;
  /** Ends start-up at a safe point when a stop was requested during it. */
  checkpoint(): void;
  /** Runs start-up; if it fails, what it opened is closed and the process exits 1. */
  start(startup: () => Promise<void>): Promise<void>;
  /**
   * Stops once (later calls wait for the first): lets the start-up step in progress finish, closes
   * everything registered, then exits 0, or 1 when anything failed. Never rejects.
   */
  stop(reason: string): Promise<void>;
}

/** Thrown by `checkpoint` to abandon start-up; not a failure. */
class StartAbandoned extends Error {
  override name = 'StartAbandoned';
}

/** Within a service manager's usual grace period (systemd allows 90 s before SIGKILL). */
const DEFAULT_SHUTDOWN_DEADLINE_MS = 60_000;

function describeError(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

export function createLifecycle(options: {
  log: LifecycleLog;
  exit: (code: number) => void;
  /**
   * Start-up failures whose message alone tells the user what to fix (a config error names its
   * variable), reported without the stack that would bury it.
   */
  isUserError?: (error: unknown) => error is Error;
  /**
   * How long shutdown may take before the process exits anyway: a database that vanished without
   * closing its sockets can hold a request, and so the HTTP server's close, for many minutes.
   */
  shutdownDeadlineMs?: number;
}): Lifecycle {
  const deadlineMs = options.shutdownDeadlineMs ?? DEFAULT_SHUTDOWN_DEADLINE_MS;
  const closers: Array<{ name: string; close: () => Promise<void> }> = [];
  const describeStartupFailure = (error: unknown) =>
    options.isUserError?.(error) ? error.message : `Start-up failed: ${describeError(error)}`;
  let log = options.log;
  let startup: Promise<void> = Promise.resolve();
  let stopping: Promise<void> | null = null;
  let startupFailed = false;

  /** Closes every registered resource, newest first; returns how many failed to close. */
  async function closeAll(): Promise<number> {
    let failures = 0;
    for (const { name, close } of closers.reverse()) {
      try {
        await close();
      } catch (error) {
        failures += 1;
        log.error(`Could not close the ${name}: ${describeError(error)}`);
      }
    }
    closers.length = 0;
    return failures;
  }

  function shutDown(): Promise<void> {
    stopping ??= (async () => {
      let timer: NodeJS.Timeout | undefined;
      const overdue = new Promise<'overdue'>((resolve) => {
        timer = setTimeout(() => resolve('overdue'), deadlineMs);
      });
      const closed = (async () => {
        await startup;
        return closeAll();
      })();
      const failures = await Promise.race([closed, overdue]);
      clearTimeout(timer);
      if (failures === 'overdue') {
        log.error(`Shutdown did not finish within ${deadlineMs / 1000} s; exiting anyway`);
        options.exit(1);
        return;
      }
      options.exit(startupFailed || failures > 0 ? 1 : 0);
    })();
    return stopping;
  }

  return {
    onShutdown(name, close) {
      closers.push({ name, close });
    },
    useLog(next) {
      log = next;
    },
    checkpoint() {
      if (stopping) throw new StartAbandoned();
    },
    start(run) {
      startup = run().catch((error: unknown) => {
        if (error instanceof StartAbandoned) return;
        startupFailed = true;
        log.error(describeStartupFailure(error));
      });
      // A failed start-up closes what it opened; a stop in progress does that anyway.
      void startup.then(() => {
        if (startupFailed) void shutDown();
      });
      return startup;
    },
    stop(reason) {
      if (!stopping) log.info(`${reason} received, shutting down`);
      return shutDown();
    },
  };
}

/** SIGINT (Ctrl-C) and SIGTERM (service managers) stop the server; repeats are ignored. */
export function stopOnSignals(
  lifecycle: Pick<Lifecycle, 'stop'>,
  target: Pick<NodeJS.Process, 'on'> = process,
): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // `npm start` forwards the terminal's Ctrl-C, so one keypress can arrive twice; stop runs once.
    target.on(signal, () => void lifecycle.stop(signal));
  }
}
