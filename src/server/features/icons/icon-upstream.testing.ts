import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A 1x1 PNG: what the test upstream serves for any icon. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** An icon host on a loopback port, for tests: real HTTP, with what it answers in the test's hands. */
export interface TestIconUpstream {
  /** The ICON_BASE_URL that points at it. */
  baseUrl: string;
  /** The paths asked for, in order. */
  readonly requests: string[];
  /** What it answers from now on: the PNG, a status with a text body, or a page that is not a PNG. */
  answer(mode: 'png' | 'html' | number): void;
  /** Holds every answer until `release()`; resolves `held` once the first request waits. */
  hold(): { held: Promise<void>; release(): void };
  close(): Promise<void>;
}

export async function startTestIconUpstream(): Promise<TestIconUpstream> {
  const requests: string[] = [];
  let mode: 'png' | 'html' | number = 'png';
  let gate: Promise<void> | null = null;
  let onHeld: (() => void) | null = null;

  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    onHeld?.();
    void (gate ?? Promise.resolve()).then(() => {
      if (mode === 'png') response.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG);
      else if (mode === 'html') response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Hi</h1>');
      else response.writeHead(mode, { 'content-type': 'text/plain' }).end('no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/img/icons_small`,
    requests,
    answer(next) {
      mode = next;
    },
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const held = new Promise<void>((resolve) => {
        onHeld = resolve;
      });
      return { held, release };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
