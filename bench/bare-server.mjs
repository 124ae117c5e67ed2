// The baseline for the health benchmark: a bare node:http server answering the same JSON as the shop's
// GET /api/health/. Listens on 127.0.0.1 (PORT, or a free port) and prints {"port": n} once listening.
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const length = String(Buffer.byteLength(body));

const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': length });
  response.end(body);
});

server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' ? address?.port : null })}\n`);
});

process.once('SIGTERM', () => {
  server.close(() => process.exit(0));
  server.closeAllConnections();
});
