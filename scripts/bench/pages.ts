/**
 * Page weight beside its floor, in headless Chromium (see browser.ts); the speed of the first screen is
 * first-screen.ts.
 *
 * Weight: the JS + CSS (gzip -9) fetched before 'Welcome to …' is visible. For the Firebase builds, whose
 * backend (Firestore on Google's servers) is not reachable here, it is the JS + CSS fetched before the
 * page's first request to Google's APIs: past that point the page only waits for data to paint its
 * welcome, so that is the code its first screen needs. Those requests are answered with a failure. What
 * the build holds beyond that (loaded later, e.g. for the phone sign-in) is reported apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { blockOutsideHosts, gzipBytes, jsAndCssBefore } from './browser.js';

const WELCOME = /^Welcome to /;
const GOOGLE_APIS = /^https:\/\/[^/]*googleapis\.com\//;

export interface WeightResult {
  firstScreenBytes: number;
  laterBytes: number;
  files: string[];
}

/** gzip -9 bytes of every JS and CSS file a build produced, by path as the page requests it. */
function buildFiles(dir: string): Map<string, number> {
  const files = new Map<string, number>();
  for (const name of readdirSync(join(dir, 'assets'))) {
    if (/\.(js|css)$/.test(name))
      files.set(`/assets/${name}`, gzipBytes(readFileSync(join(dir, 'assets', name))));
  }
  return files;
}

async function withPage<T>(browser: Browser, use: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    return await use(await context.newPage());
  } finally {
    await context.close();
  }
}

/** Weight of a page served at `url` from the build in `dir`, for the local or the Firebase backend. */
export function measureWeight(
  browser: Browser,
  url: string,
  dir: string,
  backend: 'local' | 'firebase',
): Promise<WeightResult> {
  return withPage(browser, async (page) => {
    await blockOutsideHosts(page);
    const { gzipBytes: firstScreenBytes, files } = await jsAndCssBefore(
      page,
      () => page.goto(url),
      () =>
        backend === 'local'
          ? page.getByText(WELCOME).first().waitFor({ timeout: 30_000 })
          : page.waitForRequest(GOOGLE_APIS, { timeout: 30_000 }),
    );
    const fetched = new Set(files);
    let laterBytes = 0;
    for (const [file, bytes] of buildFiles(dir)) if (!fetched.has(file)) laterBytes += bytes;
    return { firstScreenBytes, laterBytes, files };
  });
}
