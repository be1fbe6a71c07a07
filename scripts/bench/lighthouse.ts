/**
 * Lighthouse's mobile performance audit of a page and its floor (issue 31), through Lighthouse's Node API
 * on Debian's Chromium. Every setting, and why:
 *
 * - Lighthouse 12.2.3, pinned: 13.x needs Node 22, and the score's weights and Lantern's model change
 *   between majors, so a pinned version keeps runs comparable.
 * - Lighthouse's default config, which is its mobile preset: a 412×823 phone screen, simulated throttling
 *   (Lantern: the load is recorded unthrottled, then replayed on a model of a 150 ms round trip,
 *   1.6 Mbit/s down and a 4× slower CPU) — what PageSpeed Insights reports as "mobile", and steadier on a
 *   shared machine than really slowing the browser down. Only the performance category is gathered.
 * - `maxWaitForLoad` 15 s instead of 45 s: the Firestore SDK keeps a long-poll request of high priority
 *   open (its Listen channel), which Lighthouse counts as a critical request in flight, so on the Firebase
 *   pages its "network quiet" never comes and every run would wait the whole limit, then warn that the page
 *   "loaded too slowly". Lantern's figures are computed from the load as recorded unthrottled, which is
 *   over in about 3 s here (observed LCP; observed load event under 2 s), so 15 s records the whole load;
 *   the warning stays and is shown in the notes.
 * - `disableFullPageScreenshot`: that screenshot only illustrates elements in the HTML report, which the
 *   bench does not write; it took about 5 s of every run here.
 * - A new Chromium for every run, with a fresh user-data directory removed afterwards: each run is a cold
 *   first visit (no HTTP cache, service worker or storage), whatever the run before it left behind.
 * - Chromium's flags, and no others (chrome-launcher's defaults are ignored so the list is all here):
 *   `--headless=new` (headless Chrome that is the full browser — the old headless mode is a separate,
 *   slimmer implementation whose loading and painting differ from what visitors run), `--no-sandbox`
 *   (the bench runs as root in a container, where the sandbox cannot start),
 *   `--disable-gpu` (no GPU here; software rendering from the start instead of a failed probe),
 *   `--disable-background-networking`, `--disable-component-update`, `--disable-sync` and
 *   `--no-first-run` (Chromium contacts nothing and downloads nothing while it is measured — the bench
 *   runs offline), and `--user-data-dir` (the fresh directory).
 * - Three runs of every page, the page and its floor taking turns, and the median of each figure across
 *   the three (a single Lighthouse run moves by several points on a busy machine).
 *
 * Nothing is downloaded at run time: Chromium is the machine's (CHROMIUM_PATH), Lighthouse and
 * chrome-launcher come from node_modules, and the pages are served on 127.0.0.1 by the bench — built for
 * production and gzip-compressed (scripts/lib/spa-static-handler.mjs), as Firebase Hosting sends them;
 * served uncompressed, the same page scored about 20 points lower.
 * The median run's full report (by performance score) is written to bench-results/lighthouse/ for its
 * opportunities and diagnostics.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Flags, Result, RunnerResult } from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../web/e2e/support/chromium.js';
import { ensureChromium } from '../lib/ensure.mjs';
import { median } from './stats.js';

export const LIGHTHOUSE_RUNS = 3;

/** The journeys' quiet Chromium flags (web/e2e/support/chromium.ts), with the full browser's headless mode. */
export const LIGHTHOUSE_CHROMIUM_FLAGS = [
  '--headless=new',
  ...CHROMIUM_ARGS.filter((flag) => flag !== '--headless'),
];

const REPORT_DIR = fileURLToPath(new URL('../../bench-results/lighthouse/', import.meta.url));

/** One run's figures: the performance score (0–100) and its metrics in ms (CLS unitless). */
export interface LighthouseFigures {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  tti: number;
}

export interface LighthousePage {
  /** The median of each figure over the runs. */
  median: LighthouseFigures;
  runs: LighthouseFigures[];
  /** The median run's report, as written (bench-results/lighthouse/<name>.json). */
  reportFile: string;
  /** What the median run's report names as costing time: failing audits, most estimated savings first. */
  findings: string[];
  /** Lighthouse's warnings about the runs (each once). */
  warnings: string[];
}

/**
 * Lighthouse's performance audit of `url` in a Chromium of its own (a fresh profile, closed after), as
 * the bench runs it; `extra` adds settings (the Firebase A/B's trace categories). Throws when
 * Lighthouse gives no result or reports a runtime error.
 */
export async function lighthouseRun(url: string, extra: Flags = {}): Promise<RunnerResult> {
  ensureChromium();
  const userDataDir = mkdtempSync(join(tmpdir(), 'chat-bench-lighthouse-'));
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: LIGHTHOUSE_CHROMIUM_FLAGS,
    ignoreDefaultFlags: true,
    userDataDir,
    logLevel: 'error',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
      maxWaitForLoad: 15_000,
      disableFullPageScreenshot: true,
      ...extra,
    });
    if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    return result;
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** One Lighthouse run of `url`: its report. */
async function runOnce(url: string): Promise<Result> {
  return (await lighthouseRun(url)).lhr;
}

function figuresOf(lhr: Result): LighthouseFigures {
  const value = (audit: string) => {
    const figure = lhr.audits[audit]?.numericValue;
    if (figure === undefined)
      throw new Error(`Lighthouse's report has no ${audit} for ${lhr.finalDisplayedUrl}`);
    return figure;
  };
  const score = lhr.categories.performance?.score;
  return {
    performance: score == null ? NaN : Math.round(score * 100),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    tti: value('interactive'),
  };
}

/** The performance audits that did not pass, most estimated savings first. */
function findingsOf(lhr: Result): string[] {
  // The metrics themselves are left out: the table has them.
  const refs = (lhr.categories.performance?.auditRefs ?? []).filter((ref) => ref.group !== 'metrics');
  const failing = refs
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined)
    .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative');
  const savings = (audit: (typeof failing)[number]) =>
    Object.values(audit.metricSavings ?? {}).reduce<number>((sum, ms) => sum + (ms ?? 0), 0);
  return failing
    .sort((a, b) => savings(b) - savings(a))
    .map((audit) => (audit.displayValue ? `${audit.title} (${audit.displayValue})` : audit.title));
}

/**
 * `runs` Lighthouse runs of every page, the pages taking turns run by run (a slow moment of the machine
 * then costs them alike); the median of each figure. Each median run's report goes to
 * bench-results/lighthouse/<name>.json.
 */
export async function lighthousePages<Name extends string>(
  urls: Record<Name, string>,
  reportPrefix: string,
  runs = LIGHTHOUSE_RUNS,
): Promise<Record<Name, LighthousePage>> {
  const names = Object.keys(urls) as Name[];
  const reports = Object.fromEntries(names.map((name) => [name, [] as Result[]])) as Record<Name, Result[]>;
  for (let i = 0; i < runs; i += 1) {
    for (const name of names) reports[name].push(await runOnce(urls[name]));
  }
  mkdirSync(REPORT_DIR, { recursive: true });
  const pages = {} as Record<Name, LighthousePage>;
  for (const name of names) {
    const all = reports[name].map(figuresOf);
    const med: LighthouseFigures = {
      performance: median(all.map((f) => f.performance)),
      lcp: median(all.map((f) => f.lcp)),
      tbt: median(all.map((f) => f.tbt)),
      cls: median(all.map((f) => f.cls)),
      tti: median(all.map((f) => f.tti)),
    };
    const medianRun = reports[name][all.findIndex((f) => f.performance === med.performance)]!;
    const reportFile = join(REPORT_DIR, `${reportPrefix}-${name}.json`);
    writeFileSync(reportFile, JSON.stringify(medianRun, null, 2) + '\n');
    const warnings = [...new Set(reports[name].flatMap((lhr) => lhr.runWarnings))];
    pages[name] = { median: med, runs: all, reportFile, findings: findingsOf(medianRun), warnings };
  }
  return pages;
}
