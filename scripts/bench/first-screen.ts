/**
 * What a visitor waits for, measured in headless Chromium on cold loads (a new browser context each):
 * navigation → the page's frame painted (its message input on screen), navigation → 'Welcome to …' on
 * screen, navigation → the composer usable, and Enter in the composer → the first character of the
 * assistant's reply on screen.
 *
 * Two profiles: `phone` is Lighthouse's mobile profile — a 390×844 touch screen, the CPU slowed 4× (CDP
 * Emulation.setCPUThrottlingRate) and a 150 ms round trip with 1.6 Mbit/s down and 750 kbit/s up (CDP
 * Network.emulateNetworkConditions) — and `unthrottled` is the machine as it is.
 *
 * The moments are read inside the page, on the animation frame in which each first holds (the frame is
 * painted right after), in the page's own clock (performance.now(), 0 at navigation start), so neither
 * the driver's polling nor its round trips to the browser are in the figures. The Enter moment is the
 * keydown itself, caught before the page's own handlers.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { summarize, type Summary } from './stats.js';

export type Profile = 'phone' | 'unthrottled';

export const PHONE_PROFILE = {
  viewport: { width: 390, height: 844 },
  cpuSlowdown: 4,
  rttMs: 150,
  downKbitPerS: 1600,
  upKbitPerS: 750,
} as const;

export interface LoadTimes {
  frame: number;
  welcome: number;
  ready: number;
  firstReply: number;
}

export type Metric = keyof LoadTimes;

const QUESTION = 'What are your opening hours?';
const TIMEOUT_MS = 60_000;

/**
 * Runs in every document before the page's own scripts. "Frame" is the page's message input (an input
 * or textarea) having a box; "welcome" an h1/h2 starting with 'Welcome to ' having a box; "ready" the
 * 'Message' box usable (enabled, not inside an aria-hidden picture of it) — the visitor can type; "live"
 * the conversation's message list (aria-label 'Messages') shown, after which the question is typed;
 * "reply" a `data-role="assistant"` element with text that was not there at Enter. The page is looked at only
 * in frames after something in it changed (a MutationObserver marks them), so the measuring itself
 * does not force a layout in every frame of a slowed CPU.
 */
export const TIMING_SCRIPT = `(() => {
  const times = { frame: null, welcome: null, ready: null, live: null, enter: null, reply: null };
  window.__firstScreenTimes = times;
  const shown = (element) => element !== null && element.getClientRects().length > 0;
  const replies = () => [...document.querySelectorAll('[data-role="assistant"]')].filter((e) => /\\S/.test(e.textContent || ''));
  const usable = () => [...document.querySelectorAll('[aria-label="Message"]:not([disabled])')].some(
    (e) => !e.closest('[aria-hidden="true"]') && shown(e));
  let before = 0;
  let changed = true;
  new MutationObserver(() => { changed = true; }).observe(document, {
    subtree: true, childList: true, characterData: true, attributes: true,
  });
  addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && times.enter === null) {
      times.enter = performance.now();
      before = replies().length;
    }
  }, true);
  const tick = () => {
    if (changed) {
      changed = false;
      const now = performance.now();
      if (times.frame === null && shown(document.querySelector('input:not([type=hidden]), textarea'))) times.frame = now;
      if (times.welcome === null) {
        for (const heading of document.querySelectorAll('h1, h2')) {
          if (/^Welcome to /.test(heading.textContent || '') && shown(heading)) { times.welcome = now; break; }
        }
      }
      if (times.ready === null && usable()) times.ready = now;
      if (times.live === null && shown(document.querySelector('[aria-label="Messages"]'))) times.live = now;
      if (times.enter !== null && times.reply === null && replies().length > before) times.reply = now;
    }
    if (times.reply === null) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;

declare global {
  interface Window {
    __firstScreenTimes?: {
      frame: number | null;
      welcome: number | null;
      ready: number | null;
      live: number | null;
      enter: number | null;
      reply: number | null;
    };
  }
}

export async function applyPhoneThrottling(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_PROFILE.rttMs,
    downloadThroughput: (PHONE_PROFILE.downKbitPerS * 1000) / 8,
    uploadThroughput: (PHONE_PROFILE.upKbitPerS * 1000) / 8,
  });
}

export const CONTEXT_OPTIONS: Record<Profile, BrowserContextOptions> = {
  phone: { viewport: PHONE_PROFILE.viewport, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 },
  unthrottled: {},
};

/** One cold load of `url`: the three moments, in ms. */
export async function measureLoad(browser: Browser, url: string, profile: Profile): Promise<LoadTimes> {
  const context = await browser.newContext(CONTEXT_OPTIONS[profile]);
  try {
    await context.addInitScript(TIMING_SCRIPT);
    const page = await context.newPage();
    if (profile === 'phone') await applyPhoneThrottling(page);
    const read = () => page.evaluate(() => window.__firstScreenTimes!);
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstScreenTimes?.welcome != null, undefined, {
      timeout: TIMEOUT_MS,
      polling: 50,
    });
    // Enter → first reply is the live conversation's figure: the page's box takes a message from the
    // first frame and sends it once the conversation exists (issue 31), so the question is typed once
    // both pages show their conversation's message list.
    await page.waitForFunction(() => window.__firstScreenTimes?.live != null, undefined, {
      timeout: TIMEOUT_MS,
      polling: 50,
    });
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill(QUESTION, { timeout: TIMEOUT_MS });
    await box.press('Enter');
    await page.waitForFunction(() => window.__firstScreenTimes?.reply != null, undefined, {
      timeout: TIMEOUT_MS,
      polling: 50,
    });
    const times = await read();
    const { frame, welcome, ready, enter, reply } = times;
    if (frame === null || welcome === null || ready === null || enter === null || reply === null) {
      throw new Error(`${url}: a moment was not seen (${JSON.stringify(times)})`);
    }
    return { frame, welcome, ready, firstReply: reply - enter };
  } finally {
    await context.close();
  }
}

export type Samples = Record<Metric, number[]>;

const METRICS: readonly Metric[] = ['frame', 'welcome', 'ready', 'firstReply'];

export interface PageMeasurements<Name extends string> {
  summaries: Record<Name, Record<Metric, Summary>>;
  /** Every load's figures, in the order measured (load i of each page measured one after the other). */
  samples: Record<Name, Samples>;
}

/**
 * `loads` cold loads of each page under `profile`, the pages taking turns load by load so that a slow
 * moment of the shared machine falls on both rather than on one.
 */
export async function measurePages<Name extends string>(
  browser: Browser,
  urls: Record<Name, string>,
  profile: Profile,
  loads: number,
): Promise<PageMeasurements<Name>> {
  const names = Object.keys(urls) as Name[];
  const emptySamples = (): Samples => ({ frame: [], welcome: [], ready: [], firstReply: [] });
  const samples = Object.fromEntries(names.map((name) => [name, emptySamples()])) as Record<Name, Samples>;
  for (let i = 0; i < loads; i += 1) {
    for (const name of names) {
      const times = await measureLoad(browser, urls[name], profile);
      for (const metric of METRICS) samples[name][metric].push(times[metric]);
    }
  }
  const summaries = Object.fromEntries(
    names.map((name) => [
      name,
      Object.fromEntries(METRICS.map((metric) => [metric, summarize(samples[name][metric])])),
    ]),
  ) as Record<Name, Record<Metric, Summary>>;
  return { summaries, samples };
}

/**
 * The median of the load-by-load ratios `mine[i] / theirs[i]`: the page and its floor measured back to
 * back, so a slow moment of a shared machine weighs on both sides of each ratio. Steadier between runs
 * than the ratio of the two medians, and printed beside it.
 */
export function pairedRatio(mine: readonly number[], theirs: readonly number[]): Summary {
  return summarize(mine.map((value, i) => value / theirs[i]!));
}

/** "p50 1,234 · p90 1,456 · 1,100–1,600 ms (n = 11)" */
export function spreadText(summary: Summary): string {
  const ms = (value: number) => Math.round(value).toLocaleString('en');
  return `p50 ${ms(summary.p50)} · p90 ${ms(summary.p90)} · ${ms(summary.min)}–${ms(summary.max)} ms (n = ${summary.count})`;
}
