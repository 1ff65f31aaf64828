import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer, type TLSSocket } from 'node:tls';

/**
 * A self-signed certificate for localhost and 127.0.0.1 and its key, made once for tests with
 * `openssl req -x509 -newkey ec -days 36500`: nothing trusts it and it guards nothing.
 */
export const TEST_TLS = {
  key: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgicjonyrbGWUIbTvc
zJ7hEsihYwHfSPGDVeq/GBIBYyuhRANCAASuy3mYUDxqtgrQWD6j8pU0rxDA1F2N
5ltLHawP1dRjuTMNOzYbV4u/m3C9aUcPISLdkLu1I+7qg7BLo+RtGmYq
-----END PRIVATE KEY-----`,
  cert: `-----BEGIN CERTIFICATE-----
MIIBmjCCAUGgAwIBAgIUA95CrkXc0hZRpdI/sh7ETnCqULYwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNTA1MzMzNloYDzIxMjYxMTAx
MDUzMzM2WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAASuy3mYUDxqtgrQWD6j8pU0rxDA1F2N5ltLHawP1dRjuTMNOzYbV4u/
m3C9aUcPISLdkLu1I+7qg7BLo+RtGmYqo28wbTAdBgNVHQ4EFgQUsfWX+fpoXUMg
qpOe63l9OX75ZpUwHwYDVR0jBBgwFoAUsfWX+fpoXUMgqpOe63l9OX75ZpUwDwYD
VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
zj0EAwIDRwAwRAIgPx4YnDIaZdZJsSmE/oaS8LO6VuLKB2AoMFaLmlG4gOQCIBAE
UpTW1ajCxrbQuwHD/0cxZnitxMEmjnKWdFHlksyx
-----END CERTIFICATE-----`,
};

/**
 * Serves `server` (the app's plain HTTP server) over TLS on a loopback port, as an HTTPS server
 * would: each decrypted connection is handed to it, so its requests arrive on an encrypted socket.
 * Closing cuts the connections still open.
 */
export async function serveOverTls(server: Server): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<TLSSocket>();
  const tls = createServer(TEST_TLS, (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    server.emit('connection', socket);
  });
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
  return {
    port: (tls.address() as AddressInfo).port,
    close: () =>
      new Promise((resolve) => {
        tls.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
