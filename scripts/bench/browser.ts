/**
 * Headless Chromium for the page benchmarks: Debian's Chromium with the browser journeys' flags
 * (web/e2e/support/chromium.ts), driven by playwright-core. Every measurement gets a new browser context,
 * so every load is cold (empty cache, no service worker, no storage).
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page, type Request } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../web/e2e/support/chromium.js';
import { ensureChromium } from '../lib/ensure.mjs';

/** Installs Debian's Chromium first where it is missing, as the tests' scripts do (scripts/lib/ensure.mjs). */
export function launchBrowser(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** Only the machine's own servers: any other host (Firestore, Google APIs) is answered with a failure. */
export async function blockOutsideHosts(page: Page): Promise<void> {
  await page.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    (route) => route.abort('blockedbyclient'),
  );
}

const isJsOrCss = (request: Request) =>
  request.resourceType() === 'script' ||
  request.resourceType() === 'stylesheet' ||
  /\.(m?js|css)(\?|$)/.test(new URL(request.url()).pathname);

/** gzip -9 size of a body: what a server compressing at its best would send. */
export function gzipBytes(body: Buffer): number {
  return gzipSync(body, { level: 9 }).length;
}

/**
 * Collects the JS and CSS a page requests until `until()` resolves; returns their gzip -9 bytes and URLs.
 * `until` is called before `navigate`, so it can wait for a request as well as for something on screen.
 * The bodies are read after the page got there, so reading does not slow the load.
 */
export async function jsAndCssBefore(
  page: Page,
  navigate: () => Promise<unknown>,
  until: () => Promise<unknown>,
): Promise<{ gzipBytes: number; files: string[] }> {
  const requests: Request[] = [];
  let counting = true;
  const onRequest = (request: Request) => {
    if (counting && isJsOrCss(request)) requests.push(request);
  };
  page.on('request', onRequest);
  const reached = until();
  await navigate();
  await reached;
  counting = false;
  page.off('request', onRequest);
  let total = 0;
  const counted = new Set<string>();
  for (const request of requests) {
    // A file fetched again is not downloaded twice (the first-read script's worker loads the script the
    // page already has, from the cache, and Chromium keeps no body for that second fetch).
    if (counted.has(request.url())) continue;
    const response = await request.response();
    if (!response || !response.ok()) continue;
    counted.add(request.url());
    total += gzipBytes(await response.body());
  }
  return { gzipBytes: total, files: [...counted].map((url) => new URL(url).pathname) };
}
