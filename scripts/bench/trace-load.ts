/**
 * One cold load on the phone profile, as a timeline (scripts/bench/trace-first-screen.ts): the requests
 * and socket frames from the CDP network log, the long tasks, and the first-screen moments, each in ms
 * from navigation start.
 */
import type { Browser } from 'playwright-core';
import { CONTEXT_OPTIONS, PHONE_PROFILE, TIMING_SCRIPT } from './first-screen.js';

const LONG_TASKS = `new PerformanceObserver((list) => {
  window.__longTasks = (window.__longTasks || []).concat(list.getEntries().map((e) => [e.startTime, e.duration]));
}).observe({ type: 'longtask', buffered: true });`;

export async function traceLoad(browser: Browser, url: string, throttled = true): Promise<string[]> {
  const context = await browser.newContext(CONTEXT_OPTIONS[throttled ? 'phone' : 'unthrottled']);
  const events: Array<[number, string]> = [];
  try {
    await context.addInitScript(TIMING_SCRIPT);
    await context.addInitScript(LONG_TASKS);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (throttled) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_PROFILE.cpuSlowdown });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: PHONE_PROFILE.rttMs,
        downloadThroughput: (PHONE_PROFILE.downKbitPerS * 1000) / 8,
        uploadThroughput: (PHONE_PROFILE.upKbitPerS * 1000) / 8,
      });
    }
    let zero: number | null = null;
    const at = (timestamp: number) => (zero === null ? 0 : (timestamp - zero) * 1000);
    const names = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', (e) => {
      if (zero === null) zero = e.timestamp;
      const path = new URL(e.request.url).pathname;
      names.set(e.requestId, `${e.request.method} ${path}`);
      events.push([at(e.timestamp), `→ ${e.request.method} ${path}`]);
    });
    cdp.on('Network.loadingFinished', (e) => {
      events.push([at(e.timestamp), `← ${names.get(e.requestId)} (${e.encodedDataLength} B)`]);
    });

    cdp.on('Network.webSocketFrameSent', (e) =>
      events.push([at(e.timestamp), `ws → ${e.response.payloadData.slice(0, 60)}`]),
    );
    cdp.on('Network.webSocketFrameReceived', (e) =>
      events.push([at(e.timestamp), `ws ← ${e.response.payloadData.slice(0, 60)}`]),
    );
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__firstScreenTimes?.welcome != null, undefined, {
      timeout: 60_000,
      polling: 50,
    });
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    await box.fill('What are your opening hours?');
    await box.press('Enter');
    await page.waitForFunction(() => window.__firstScreenTimes?.reply != null, undefined, {
      timeout: 60_000,
      polling: 50,
    });
    const { times, longTasks } = await page.evaluate(() => ({
      times: window.__firstScreenTimes!,
      longTasks: (window as unknown as { __longTasks?: Array<[number, number]> }).__longTasks ?? [],
    }));
    for (const [name, value] of Object.entries(times)) if (value !== null) events.push([value, `★ ${name}`]);
    for (const [start, duration] of longTasks) events.push([start, `cpu ${Math.round(duration)} ms`]);
  } finally {
    await context.close();
  }
  // The websocket creation has no CDP timestamp in the same clock; leave it out of the order.
  return events
    .filter(([, text]) => !text.startsWith('ws ws'))
    .sort((a, b) => a[0] - b[0])
    .map(([t, text]) => `${Math.round(t).toString().padStart(6)} ms  ${text}`);
}
