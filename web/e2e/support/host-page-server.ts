/**
 * A business's own web site for the embed journeys: a static page on ANOTHER origin (its own
 * ephemeral port on 127.0.0.1) with the one-line snippet, served under a strict
 * Content-Security-Policy — scripts and frames only from the chat's origin, no inline script or
 * style — so the snippet is proven to work where businesses lock their pages down.
 *
 * GET /          the page with the snippet; its data-* attributes come from the query string
 *                (e.g. /?data-business=@bellavista&data-color=%23fde047)
 * GET /blank     the same page without the snippet (to compare its globals with)
 */
import { createServer } from 'node:http';
import { listenOnLoopback, type LoopbackServer } from './loopback-server.js';

export type HostPageServer = LoopbackServer;

const ATTRIBUTE = /^data-[a-z-]+$/;

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function hostPage(chatOrigin: string, attributes: URLSearchParams | null): string {
  const snippet =
    attributes === null
      ? ''
      : `<script src="${chatOrigin}/embed.js" ${[...attributes]
          .filter(([name]) => ATTRIBUTE.test(name))
          .map(([name, value]) => `${name}="${escapeAttribute(value)}"`)
          .join(' ')} async></script>`;
  return `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Bella Vista Salon — official site</title></head>
  <body>
    <h1>Bella Vista Salon</h1>
    <p>Haircuts, colour and styling in the heart of town.</p>
    <button type="button">Book online</button>
    ${snippet}
  </body>
</html>`;
}

export async function startHostPageServer(chatOrigin: string): Promise<HostPageServer> {
  const csp = [
    "default-src 'none'",
    `script-src ${chatOrigin}`,
    `frame-src ${chatOrigin}`,
    "style-src 'none'",
    "img-src 'none'",
  ].join('; ');
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    if (url.pathname !== '/' && url.pathname !== '/blank') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp });
    response.end(hostPage(chatOrigin, url.pathname === '/' ? url.searchParams : null));
  });
  return listenOnLoopback(server);
}
