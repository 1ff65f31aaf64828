import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Starts a local stand-in's server on `host` (port 0 picks a free one) and resolves with the origin
 * it answers on, an IPv6 host in brackets; a failure to listen (a taken port) rejects.
 */
export async function listenOrigin(server: Server, host: string, port: number): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
