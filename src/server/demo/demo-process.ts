import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { FromDemoProcess, ToDemoProcess } from './demo-process-messages.ts';

/** A stand-in demo mode runs in a process of its own, as the app sees it. */
export interface DemoProcess<Ready, Request, Answer> {
  /** What the process said once it listened. */
  readonly ready: Ready;
  /** Sends the request; resolves with the process's answer, or rejects if it stops first. */
  ask(request: Request): Promise<Answer>;
  /** Stops the process; resolves once it has exited. */
  close(): Promise<void>;
}

function untilReady<Ready, Answer>(child: ChildProcess, name: string): Promise<Ready> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`${name} exited before it was ready (code ${code})`));
    const onMessage = (message: FromDemoProcess<Ready, Answer>) => {
      child.off('exit', onExit);
      child.off('message', onMessage);
      if (message.type === 'ready') resolve(message.ready);
      else
        reject(
          new Error(`${name} could not start: ${message.type === 'failed' ? message.message : message.type}`),
        );
    };
    child.once('exit', onExit);
    child.on('message', onMessage);
  });
}

function ask<Request, Answer>(
  child: ChildProcess,
  name: string,
  id: number,
  request: Request,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stopped = () => {
      child.off('exit', stopped);
      child.off('message', onMessage);
      reject(new Error(`${name} stopped before it answered`));
    };
    const onMessage = (message: FromDemoProcess<unknown, Answer>) => {
      if (message.type !== 'answer' || message.id !== id) return;
      child.off('exit', stopped);
      child.off('message', onMessage);
      resolve(message.answer);
    };
    child.once('exit', stopped);
    child.on('message', onMessage);
    const sent: ToDemoProcess<Request> = { id, request };
    // A channel already closed (the process exited) fails the send rather than waiting for an exit.
    child.send(sent, (error) => {
      if (error) stopped();
    });
  });
}

/**
 * Starts a demo stand-in as a child process running `entry` (a .js bundle beside the built server;
 * the TypeScript source under tsx), with its settings as JSON in its only argument, so what it holds
 * is not in the app's memory. Resolves once it listens; `name` ("The demo's WOM simulator") says
 * which one failed.
 */
export async function startDemoProcess<Ready, Request, Answer>(
  entry: URL,
  name: string,
  settings: object = {},
): Promise<DemoProcess<Ready, Request, Answer>> {
  const path = fileURLToPath(entry);
  const child = fork(path, [JSON.stringify(settings)], {
    execArgv: path.endsWith('.ts') ? ['--import', 'tsx'] : [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = await untilReady<Ready, Answer>(child, name);
  let asked = 0;
  return {
    ready,
    ask: (request) => ask<Request, Answer>(child, name, (asked += 1), request),
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
