/**
 * A business's own web site for the embed journeys: a static page with the one-line snippet, on
 * another SITE than the chat — `localhost` when the chat is on 127.0.0.1, and the other way round —
 * as it always is in real life (a business's domain and the chat's). A different port alone would be
 * another origin but the same site, where Chromium gives a framed page its storage; across sites it
 * does not (third-party storage is blocked), and the chat must work all the same. Both names are
 * local pages the chat's frame-ancestors allows (docs/decisions/0012-embedding-and-frame-ancestors.md).
 *
 * Served under a strict Content-Security-Policy — scripts and frames only from the chat's origin,
 * styles only from the site's own stylesheet, no inline script or style — so the snippet is proven to
 * work where businesses lock their pages down; and with hostile CSS (site.css) that styles every div
 * and button, which must not reach the snippet's launcher or its container.
 *
 * GET /          the page with the snippet; its data-* attributes come from the query string
 *                (e.g. /?data-business=@bellavista&data-color=%23fde047)
 * GET /blank     the same page without the snippet (to compare its globals with)
 * GET /site.css  the site's stylesheet
 */
import { createServer } from 'node:http';
import { listenOnLoopback, type LoopbackServer } from './loopback-server.js';

export type HostPageServer = LoopbackServer;

const ATTRIBUTE = /^data-[a-z-]+$/;

/**
 * Rules a real site might well have, each one able to disturb an element it reaches: an outline and
 * padding on every div, a transform and a filter (which would make a fixed-position child follow the
 * div instead of the window), and a blanket button restyle.
 */
export const HOSTILE_CSS = `
div { outline: 3px solid rgb(255, 0, 0) !important; padding: 30px; transform: translateZ(0); filter: blur(0px); }
body > * { margin: 25px; }
button { all: unset; background: rgb(255, 0, 0) !important; width: 200px !important; }
`;

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
  <head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>Bella Vista Salon — official site</title><link rel="stylesheet" href="/site.css" /></head>
  <body>
    <h1>Bella Vista Salon</h1>
    <div class="promo"><p>Haircuts, colour and styling in the heart of town.</p></div>
    <button type="button">Book online</button>
    ${snippet}
  </body>
</html>`;
}

/** The loopback name of the other site: the chat on 127.0.0.1 gets a host page on localhost, and back. */
function otherSiteHostname(chatOrigin: string): string {
  return new URL(chatOrigin).hostname === 'localhost' ? '127.0.0.1' : 'localhost';
}

export async function startHostPageServer(chatOrigin: string): Promise<HostPageServer> {
  const csp = [
    "default-src 'none'",
    `script-src ${chatOrigin}`,
    `frame-src ${chatOrigin}`,
    "style-src 'self'",
    "img-src 'none'",
  ].join('; ');
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://host');
    if (url.pathname === '/site.css') {
      response.writeHead(200, { 'Content-Type': 'text/css; charset=utf-8' }).end(HOSTILE_CSS);
      return;
    }
    if (url.pathname !== '/' && url.pathname !== '/blank') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': csp });
    response.end(hostPage(chatOrigin, url.pathname === '/' ? url.searchParams : null));
  });
  const listening = await listenOnLoopback(server);
  // Listening on 127.0.0.1 serves both names: Chromium resolves localhost to the loopback itself.
  const { port } = new URL(listening.origin);
  return { ...listening, origin: `http://${otherSiteHostname(chatOrigin)}:${port}` };
}
