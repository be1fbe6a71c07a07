/**
 * `npx tsx scripts/bench/trace-tasks.ts [loads] [--unthrottled]`: the local page's main-thread tasks over
 * one cold load on the phone profile, from a Chromium performance trace — every task of 30 ms or more
 * (throttled), with what it spent its time on (script evaluation by file, style, layout, paint, parse,
 * garbage collection) — until its conversation is on screen. A profiling aid for decision 0036.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { startStaticServer } from '../../web/e2e/support/static-server.js';
import { launchBrowser } from './browser.js';
import { applyPhoneThrottling, CONTEXT_OPTIONS, TIMING_SCRIPT } from './first-screen.js';
import { startServer } from './server-process.js';
import { buildWebApp } from './vite-build.js';

const STREAMING = { STREAM_CHUNK_CHARS: '12', STREAM_INTERVAL_MS: '0' };
const loads = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 1);
const throttled = !process.argv.includes('--unthrottled');
const dirArg = process.argv.find((arg) => arg.startsWith('--dir='))?.slice(6);

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; frame?: string; stackTrace?: unknown }; beginData?: { url?: string } };
}

const dir = dirArg ?? mkdtempSync(join(tmpdir(), 'chat-trace-tasks-'));
const web = await startStaticServer();
const product = await startServer('product', { env: { ...STREAMING, CORS_ORIGINS: web.origin } });
let browser: Browser | undefined;
try {
  if (!dirArg) await buildWebApp(join(dir, 'web'), 'local', product.url);
  web.serve(dirArg ? dir : join(dir, 'web'));
  browser = await launchBrowser();
  for (let i = 0; i < loads; i += 1) {
    const context = await browser.newContext(CONTEXT_OPTIONS[throttled ? 'phone' : 'unthrottled']);
    await context.addInitScript(TIMING_SCRIPT);
    const page = await context.newPage();
    if (throttled) await applyPhoneThrottling(page);
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'v8.execute',
        'blink.user_timing',
      ],
    });
    await page.goto(`${web.origin}/chat/bella-vista-salon`, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstScreenTimes?.live != null, undefined, {
      timeout: 60_000,
      polling: 50,
    });
    await page.waitForTimeout(300);
    const buffer = await browser.stopTracing();
    const times = await page.evaluate(() => window.__firstScreenTimes!);
    await context.close();
    const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
    const main = traceEvents.find(
      (e) =>
        e.name === 'thread_name' &&
        (e.args as { name?: string })?.name === 'CrRendererMain' &&
        traceEvents.some((t) => t.pid === e.pid && t.name === 'ParseHTML'),
    );
    const nav =
      traceEvents.find((e) => e.name === 'navigationStart' && e.pid === main?.pid) ??
      traceEvents.find((e) => e.name === 'TracingStartedInBrowser')!;
    const zero = nav.ts;
    const onMain = traceEvents.filter(
      (e) => main && e.pid === main.pid && e.tid === main.tid && e.ph === 'X',
    );
    const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 30_000);
    console.log(`\n— load ${i + 1} — moments ${JSON.stringify(times)}`);
    let totalBlocking = 0;
    for (const task of tasks) {
      const end = task.ts + task.dur!;
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
      const sums = new Map<string, number>();
      for (const e of inside) {
        let key: string | null = null;
        if (e.name === 'EvaluateScript' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule')
          key = `${e.name} ${new URL(e.args?.data?.url ?? 'x:/', 'x:/').pathname}`;
        else if (e.name === 'FunctionCall')
          key = `FunctionCall ${new URL(e.args?.data?.url || 'x:/', 'x:/').pathname}`;
        else if (
          [
            'UpdateLayoutTree',
            'Layout',
            'Paint',
            'ParseHTML',
            'MajorGC',
            'MinorGC',
            'ParseAuthorStyleSheet',
            'TimerFire',
            'FireAnimationFrame',
            'EventDispatch',
            'XHRReadyStateChange',
            'v8.compile',
            'PrePaint',
            'Commit',
            'HitTest',
          ].includes(e.name)
        )
          key = e.name;
        if (key) sums.set(key, (sums.get(key) ?? 0) + (e.dur ?? 0) / 1000);
      }
      const ms = task.dur! / 1000;
      totalBlocking += Math.max(0, ms - 50);
      const parts = [...sums]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([k, v]) => `${k} ${v.toFixed(0)}`);
      console.log(
        `${((task.ts - zero) / 1000).toFixed(0).padStart(6)} ms +${ms.toFixed(0).padStart(4)}  ${parts.join(' · ')}`,
      );
    }
    console.log(`sum over 50 ms of tasks ≥ 30 ms: ${totalBlocking.toFixed(0)} ms`);
  }
} finally {
  await browser?.close();
  await Promise.all([web.close(), product.stop()]);
  if (!dirArg) rmSync(dir, { recursive: true, force: true });
}
