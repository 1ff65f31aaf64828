// The ceiling for the app's public reads: a bare Node HTTP server that answers each path with the
// bytes and headers the app sent for it (a 304 when the ETag matches), and does nothing else.
// Run as its own process so its CPU and memory are measured like the app's.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const answers = new Map(
  Object.entries(JSON.parse(readFileSync(process.argv[2], 'utf8'))).map(([path, answer]) => [
    path,
    { headers: answer.headers, body: Buffer.from(answer.body, 'base64') },
  ]),
);

const server = createServer((request, response) => {
  const answer = answers.get(request.url);
  if (answer === undefined) {
    response.writeHead(404).end();
  } else if (request.headers['if-none-match'] === answer.headers.etag) {
    response.writeHead(304, { etag: answer.headers.etag, vary: 'Accept-Encoding' }).end();
  } else {
    response.writeHead(200, { ...answer.headers, 'content-length': answer.body.length }).end(answer.body);
  }
});
server.listen(Number(process.argv[3]), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
