/**
 * `npx tsx scripts/bench/profile-first-screen.ts [loads] [--unthrottled] [--enter] [--dir=<built page>]`: where the
 * local page's main thread goes between navigation and its conversation on screen — one cold load at a
 * time on the phone profile, a CDP CPU profile of it summed by script and by function (self time), and
 * the page's long tasks. A profiling aid for decision 0036, not a benchmark.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startStaticServer } from '../../web/e2e/support/static-server.js';
import { launchBrowser } from './browser.js';
import { CONTEXT_OPTIONS, TIMING_SCRIPT, applyPhoneThrottling } from './first-screen.js';
import { startServer } from './server-process.js';
import { buildWebApp } from './vite-build.js';

const STREAMING = { STREAM_CHUNK_CHARS: '12', STREAM_INTERVAL_MS: '0' };
const loads = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 1);
const throttled = !process.argv.includes('--unthrottled');
// --enter: profile from Enter in the live conversation to the reply's first character instead.
const enter = process.argv.includes('--enter');
const LONG_TASKS = `new PerformanceObserver((list) => {
  window.__longTasks = (window.__longTasks || []).concat(list.getEntries().map((e) => [e.startTime, e.duration]));
}).observe({ type: 'longtask', buffered: true });`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
  children?: number[];
}

const dir = mkdtempSync(join(tmpdir(), 'chat-profile-'));
const web = await startStaticServer();
const product = await startServer('product', { env: { ...STREAMING, CORS_ORIGINS: web.origin } });
let browser: Browser | undefined;
try {
  await buildWebApp(join(dir, 'web'), 'local', product.url);
  web.serve(join(dir, 'web'));
  browser = await launchBrowser();
  for (let i = 0; i < loads; i += 1) {
    const context = await browser.newContext(CONTEXT_OPTIONS[throttled ? 'phone' : 'unthrottled']);
    await context.addInitScript(TIMING_SCRIPT);
    await context.addInitScript(LONG_TASKS);
    const page = await context.newPage();
    if (throttled) await applyPhoneThrottling(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${web.origin}/chat/bella-vista-salon`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstScreenTimes?.live != null, undefined, {
      timeout: 60_000,
      polling: 50,
    });
    await page.waitForTimeout(500);
    if (enter) {
      await cdp.send('Profiler.stop');
      const box = page.getByRole('textbox', { name: 'Message', exact: true });
      await box.fill('What are your opening hours?');
      await cdp.send('Profiler.start');
      await box.press('Enter');
      await page.waitForFunction(() => window.__firstScreenTimes?.reply != null, undefined, {
        timeout: 60_000,
        polling: 50,
      });
    }
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const { times, longTasks } = await page.evaluate(() => ({
      times: window.__firstScreenTimes!,
      longTasks: (window as unknown as { __longTasks?: Array<[number, number]> }).__longTasks ?? [],
    }));
    await context.close();
    const maps = new Map<string, SourceMapConsumer>();
    const assets = join(dir, 'web', 'assets');
    for (const file of readdirSync(assets)) {
      if (file.endsWith('.js') && existsSync(join(assets, `${file}.map`)))
        maps.set(
          `/assets/${file}`,
          new SourceMapConsumer(JSON.parse(readFileSync(join(assets, `${file}.map`), 'utf8'))),
        );
    }
    const original = (url: string, line: number, column: number) => {
      const at = maps.get(url)?.originalPositionFor({ line: line + 1, column });
      if (!at?.source) return null;
      return `${at.source.replace(/^.*?(node_modules|packages|web)\//, '$1/')}:${at.line}${at.name ? ` ${at.name}` : ''}`;
    };
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const selfMs = new Map<number, number>();
    profile.samples.forEach((id, k) =>
      selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[k] ?? 0) / 1000),
    );
    const byUrl = new Map<string, number>();
    const byFn = new Map<string, number>();
    const bySource = new Map<string, number>();
    for (const [id, ms] of selfMs) {
      const frame = byId.get(id)!.callFrame;
      const url = frame.url ? new URL(frame.url).pathname : `(${frame.functionName || 'native'})`;
      byUrl.set(url, (byUrl.get(url) ?? 0) + ms);
      const fn = `${frame.functionName || '(anonymous)'} ${original(url, frame.lineNumber, frame.columnNumber) ?? `${url}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`}`;
      byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
      const source = (original(url, frame.lineNumber, frame.columnNumber) ?? url).replace(
        /^(node_modules\/(?:@[^/]+\/)?[^/]+|packages\/[^/]+|web\/src\/[^/]+\/[^/]+).*$/,
        '$1',
      );
      bySource.set(source, (bySource.get(source) ?? 0) + ms);
    }
    const top = (m: Map<string, number>, n: number) =>
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => `${v.toFixed(0).padStart(6)} ms  ${k}`);
    console.log(`\n— load ${i + 1} — moments ${JSON.stringify(times)}`);
    console.log(`long tasks: ${longTasks.map(([s, d]) => `${Math.round(s)}+${Math.round(d)}`).join(', ')}`);
    console.log('self time by script (throttled ms):\n' + top(byUrl, 12).join('\n'));
    console.log('self time by package:\n' + top(bySource, 25).join('\n'));
    console.log('self time by function:\n' + top(byFn, 30).join('\n'));
  }
} finally {
  await browser?.close();
  await Promise.all([web.close(), product.stop()]);
  rmSync(dir, { recursive: true, force: true });
}
