/**
 * `npx tsx scripts/bench/trace-first-screen.ts [loads] [--unthrottled]`: what the local page and its floor
 * do between navigation and 'Welcome to …' on the phone profile (or unthrottled), one cold load at a time — every request (start →
 * end, in the page's clock), every socket frame, the long tasks (the CPU busy for more than 50 ms) and
 * the three moments — printed as a timeline. A profiling aid for decision 0021, not a benchmark.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startStaticServer } from '../../web/e2e/support/static-server.js';
import { launchBrowser } from './browser.js';
import { traceLoad } from './trace-load.js';
import { startServer } from './server-process.js';
import { buildFloorPage, buildWebApp } from './vite-build.js';

const STREAMING = { STREAM_CHUNK_CHARS: '12', STREAM_INTERVAL_MS: '0' };
const loads = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 1);
const throttled = !process.argv.includes('--unthrottled');
const dir = mkdtempSync(join(tmpdir(), 'chat-trace-'));
const web = await startStaticServer();
const floorStatic = await startStaticServer();
const product = await startServer('product', { env: { ...STREAMING, CORS_ORIGINS: web.origin } });
const floor = await startServer('floor', { env: { ...STREAMING, CORS_ORIGINS: floorStatic.origin } });
let browser: Browser | undefined;
try {
  await Promise.all([
    buildWebApp(join(dir, 'web'), 'local', product.url),
    buildFloorPage(join(dir, 'floor'), 'local', 'declarative', floor.url),
  ]);
  web.serve(join(dir, 'web'));
  floorStatic.serve(join(dir, 'floor'));
  browser = await launchBrowser();
  for (let i = 0; i < loads; i += 1) {
    for (const [name, origin] of [
      ['page', web.origin],
      ['floor', floorStatic.origin],
    ] as const) {
      const lines = await traceLoad(browser, `${origin}/chat/bella-vista-salon`, throttled);
      console.log(`\n— ${name}, load ${i + 1} —\n${lines.join('\n')}`);
    }
  }
} finally {
  await browser?.close();
  await Promise.all([web.close(), floorStatic.close(), product.stop(), floor.stop()]);
  rmSync(dir, { recursive: true, force: true });
}
