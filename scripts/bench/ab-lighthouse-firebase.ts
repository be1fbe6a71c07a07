/**
 * `npx tsx scripts/bench/ab-lighthouse-firebase.ts <other worktree> [runs] [--traces=<dir>] [--profile]
 * [--only=base|new]`: the Firebase
 * page built from this tree ('new') and from another checkout ('base'), both against one Firebase stack on
 * the emulators (scripts/lib/firebase-stack.mjs) and served as Hosting serves them, audited by Lighthouse
 * in turns (lighthouse.ts) — an A/B of a change to the Firebase page's start in one window of a shared
 * machine. Prints each run's score, TBT and long tasks; with --traces, writes each run's report and
 * trace there. The Firebase twin of ab-lighthouse.ts; a development aid, not part of `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { demoFirebaseBuildEnv, DEFAULT_BUSINESS_ID, startFirebaseStack } from '../lib/firebase-stack.mjs';
import { emulatorHostingHeaders } from '../lib/hosting-headers.mjs';
import { startHostingServer } from '../lib/hosting-server.mjs';
import { lighthouseRun } from './lighthouse.js';
import { median } from './stats.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const other = process.argv[2];
if (!other) throw new Error('usage: ab-lighthouse-firebase.ts <other worktree> [runs] [--traces=<dir>]');
const runs = Number(process.argv.slice(3).find((arg) => /^\d+$/.test(arg)) ?? 3);
const tracesDir = process.argv.find((arg) => arg.startsWith('--traces='))?.slice(9);
const profile = process.argv.includes('--profile');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7);

/** `npm run build -w @chat/web` in `tree`, for the stack's emulators, into `outDir`. */
function buildPage(tree: string, outDir: string, env: Record<string, string>): Promise<void> {
  const args = ['run', '--silent', 'build', '-w', '@chat/web', '--', '--outDir', outDir, '--emptyOutDir'];
  const child = spawn('npm', [...args, '--logLevel', 'warn'], {
    cwd: tree,
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build in ${tree}: ${code}`))));
  });
}

interface Run {
  performance: number;
  tbt: number;
  lcp: number;
  tti: number;
  cls: number;
  longTasks: string;
}

async function runOnce(url: string, save: string | undefined): Promise<Run> {
  // With --profile, V8's sampling profiler in the trace: which functions the long tasks ran.
  const result = await lighthouseRun(
    url,
    profile ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {},
  );
  const { lhr, artifacts } = result;
  if (save) {
    writeFileSync(`${save}.json`, JSON.stringify(lhr));
    writeFileSync(`${save}.trace.json`, JSON.stringify(artifacts.Trace));
  }
  const value = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const items = (lhr.audits['long-tasks']?.details as { items?: Array<Record<string, unknown>> })?.items;
  const longTasks = (items ?? [])
    .map(
      (t) =>
        `${String(t.url).split('/').pop()}@${Number(t.startTime).toFixed(0)}:${Number(t.duration).toFixed(0)}`,
    )
    .join(' ');
  return {
    performance: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    tbt: value('total-blocking-time'),
    lcp: value('largest-contentful-paint'),
    tti: value('interactive'),
    cls: value('cumulative-layout-shift'),
    longTasks,
  };
}

// With --traces, the builds are kept beside the traces (their source maps name the profiled functions).
const dir = tracesDir ?? mkdtempSync(join(tmpdir(), 'chat-ab-fb-'));
const stack = await startFirebaseStack({ log: () => undefined });
const servers: Array<{ close(): Promise<void> }> = [];
try {
  const env = demoFirebaseBuildEnv({
    projectId: stack.projectId,
    firestoreHost: stack.firestoreHost,
    authHost: stack.authHost,
  });
  const urls: Record<'base' | 'new', string> = { base: '', new: '' };
  for (const [name, tree] of [
    ['base', other],
    ['new', ROOT],
  ] as const) {
    await buildPage(tree, join(dir, name), env);
    const hosting = await startHostingServer({
      host: '127.0.0.1',
      port: 0,
      chatServiceUrl: stack.chatServiceUrl,
      headersFor: emulatorHostingHeaders([stack.firestoreHost, stack.authHost]),
    });
    servers.push(hosting);
    hosting.serve(join(dir, name));
    urls[name] = `http://127.0.0.1:${hosting.port}/chat/${DEFAULT_BUSINESS_ID}`;
  }
  if (tracesDir) mkdirSync(tracesDir, { recursive: true });
  const results: Record<'base' | 'new', Run[]> = { base: [], new: [] };
  for (let i = 0; i < runs; i += 1) {
    for (const name of ['base', 'new'] as const) {
      if (only && only !== name) continue;
      const run = await runOnce(urls[name], tracesDir && join(tracesDir, `${name}-${i}`));
      results[name].push(run);
      console.log(
        `${name} #${i}: ${run.performance} TBT ${run.tbt.toFixed(0)} LCP ${run.lcp.toFixed(0)} TTI ${run.tti.toFixed(0)} CLS ${run.cls.toFixed(3)}\n   ${run.longTasks}`,
      );
    }
  }
  for (const name of ['base', 'new'] as const) {
    const all = results[name];
    const med = (key: 'performance' | 'tbt' | 'lcp' | 'tti' | 'cls') => median(all.map((r) => r[key]));
    console.log(
      `${name}: median of ${all.length}: performance ${med('performance')}, TBT ${med('tbt').toFixed(0)} ms, LCP ${med('lcp').toFixed(0)} ms, TTI ${med('tti').toFixed(0)} ms, CLS ${med('cls')}`,
    );
  }
} finally {
  for (const server of servers) await server.close();
  await stack.stop();
  if (!tracesDir) rmSync(dir, { recursive: true, force: true });
}
