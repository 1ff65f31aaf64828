import { closeAndExit } from '#shared/stand-in-cli.ts';
import type { FromDemoProcess, ToDemoProcess } from './demo-process-messages.ts';

/** A started stand-in, as its process runs it: what it tells the app, how it answers, how it stops. */
export interface RunningStandIn<Ready, Request, Answer> {
  ready: Ready;
  answer(request: Request): Answer;
  close(): Promise<void>;
}

/**
 * The process's half of `startDemoProcess`: starts the stand-in with the settings the app passed as
 * JSON, tells the app where it listens (or why it could not start), then answers the app's requests.
 * The app decides when it ends: SIGTERM from its shutdown, or its IPC channel closing when the app dies.
 */
export function runDemoProcess<Settings, Ready, Request, Answer>(
  name: string,
  start: (settings: Settings) => Promise<RunningStandIn<Ready, Request, Answer>>,
): void {
  const tell = (message: FromDemoProcess<Ready, Answer>, then?: () => void) => {
    process.send?.(message, undefined, undefined, then);
  };
  if (!process.send) {
    process.stderr.write(`${name} is started by the app in demo mode, over IPC\n`);
    process.exit(1);
  }
  const settings = JSON.parse(process.argv[2] ?? '{}') as Settings;
  // Ctrl-C reaches the whole process group; the app stops this process itself, once its jobs are done with it.
  process.on('SIGINT', () => {});
  process.once('disconnect', () => process.exit());
  start(settings).then(
    (standIn) => {
      process.on('message', ({ id, request }: ToDemoProcess<Request>) => {
        tell({ type: 'answer', id, answer: standIn.answer(request) });
      });
      process.once('SIGTERM', () => closeAndExit(standIn));
      tell({ type: 'ready', ready: standIn.ready });
    },
    (error: unknown) => {
      tell({ type: 'failed', message: error instanceof Error ? error.message : String(error) }, () =>
        process.exit(1),
      );
    },
  );
}
