// Serves the built chat page (web/dist) in the web container, with the SPA fallback of
// scripts/lib/spa-static-handler.mjs.
//
// Usage: node serve-static.mjs <dir>   (HOST, default 0.0.0.0; PORT, default 5173)
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { createSpaHandler } from '../lib/spa-static-handler.mjs';

const root = resolve(process.argv[2] ?? 'dist');
const host = process.env.HOST || '0.0.0.0';
const port = Number(process.env.PORT || 5173);

const server = createServer(createSpaHandler(() => root));

server.listen(port, host, () => {
  console.log(JSON.stringify({ msg: 'static server listening', root, url: `http://${host}:${port}` }));
});

for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
}
