/**
 * `npx tsx scripts/bench/ab-lighthouse.ts <other worktree> [runs] [--speed=<loads>]`: the local page built
 * from this tree ('new') and from another checkout ('base'), each against its own mock server, audited
 * by Lighthouse in turns (lighthouse.ts) and, with --speed, their first screens measured in turns on
 * the phone profile and unthrottled (first-screen.ts) — an A/B of a change in one window of a shared
 * machine. A development aid for decision 0036, not part of `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStaticServer } from '../../web/e2e/support/static-server.js';
import { launchBrowser } from './browser.js';
import { measurePages, pairedRatio, spreadText } from './first-screen.js';
import { lighthousePages } from './lighthouse.js';
import { startServer } from './server-process.js';
import { buildWebApp } from './vite-build.js';

const other = process.argv[2];
if (!other) throw new Error('usage: ab-lighthouse.ts <other worktree> [runs] [--speed=<loads>]');
const runs = Number(process.argv[3] ?? 3);
const speedLoads = Number(process.argv.find((arg) => arg.startsWith('--speed='))?.slice(8) ?? 0);
const noLighthouse = process.argv.includes('--no-lighthouse');
const { buildWebApp: buildOther } = (await import(join(other, 'scripts/bench/vite-build.ts'))) as {
  buildWebApp: typeof buildWebApp;
};
const STREAMING = { STREAM_CHUNK_CHARS: '12', STREAM_INTERVAL_MS: '0' };
const dir = mkdtempSync(join(tmpdir(), 'chat-ab-'));
const statics = { base: await startStaticServer(), new: await startStaticServer() };
const servers = {
  base: await startServer('product', { env: { ...STREAMING, CORS_ORIGINS: statics.base.origin } }),
  new: await startServer('product', { env: { ...STREAMING, CORS_ORIGINS: statics.new.origin } }),
};
try {
  await buildOther(join(dir, 'base'), 'local', servers.base.url);
  await buildWebApp(join(dir, 'new'), 'local', servers.new.url);
  statics.base.serve(join(dir, 'base'));
  statics.new.serve(join(dir, 'new'));
  const urls = {
    base: `${statics.base.origin}/chat/bella-vista-salon`,
    new: `${statics.new.origin}/chat/bella-vista-salon`,
  };
  if (!noLighthouse) {
    const pages = await lighthousePages(urls, 'ab', runs);
    for (const [name, page] of Object.entries(pages)) {
      console.log(
        `${name}: median ${JSON.stringify(page.median)}\n  runs ${page.runs.map((r) => `${r.performance}/TBT ${r.tbt.toFixed(0)}/LCP ${r.lcp.toFixed(0)}`).join(' | ')}\n  ${page.findings.slice(0, 5).join('; ')}`,
      );
    }
  }
  if (speedLoads > 0) {
    const browser = await launchBrowser();
    try {
      for (const profile of ['phone', 'unthrottled'] as const) {
        const { summaries, samples } = await measurePages(browser, urls, profile, speedLoads);
        for (const metric of ['frame', 'welcome', 'ready', 'firstReply'] as const) {
          const ratio = pairedRatio(samples.new[metric], samples.base[metric]);
          console.log(
            `${profile} ${metric}: base ${spreadText(summaries.base[metric])} | new ${spreadText(summaries.new[metric])} | new/base p50 ${ratio.p50.toFixed(2)}×`,
          );
        }
      }
    } finally {
      await browser.close();
    }
  }
} finally {
  await Promise.all([statics.base.close(), statics.new.close(), servers.base.stop(), servers.new.stop()]);
  rmSync(dir, { recursive: true, force: true });
}
