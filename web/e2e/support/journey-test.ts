/**
 * The `test` every journey uses: vitest's test with fixtures for the shared Chromium, a fresh
 * browser context and page per test, the stack under the page (support/stack.ts) reset to its seeded
 * state before each test, and on the local stack the mock server's control API. When a test fails, a screenshot of the
 * page goes to web/e2e/artifacts/ and the page's own errors are printed.
 */
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { inject, test as base } from 'vitest';
import { ChatPage } from '../pages/chat-page.js';
import { createControlClient } from './control.js';
import type { ControlClient } from './control.js';
import { createStackDriver, type StackDriver } from './stack.js';
import './provided.js';

const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts', import.meta.url));

/** Desktop by default; the narrow-viewport journey opens its own context. */
export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

interface OpenedContext {
  context: BrowserContext;
  /** Exceptions and rejections that reached the page's top level. */
  uncaught: string[];
  consoleErrors: string[];
}

interface FileFixtures {
  browser: Browser;
}

interface TestFixtures {
  /** The backend under the page (support/stack.ts), back to its seeded state before each test. */
  stack: StackDriver;
  /** The mock server's control API: journeys of the local stack only (faults, clock, scenarios). */
  control: ControlClient;
  /** Opens a new browser context (closed after the test) — for a second viewport or a second visitor. */
  openContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  page: Page;
  chat: ChatPage;
}

export const test = base.extend<{ $test: TestFixtures; $file: FileFixtures }>({
  browser: [
    // eslint-disable-next-line no-empty-pattern -- vitest reads the fixture's dependencies from this pattern
    async ({}, use) => {
      const browser = await chromium.connect(inject('browserWsEndpoint'));
      await use(browser);
      await browser.close();
    },
    { scope: 'file' },
  ],

  // eslint-disable-next-line no-empty-pattern -- as above
  stack: async ({}, use) => {
    const stack = createStackDriver();
    await stack.reset();
    await use(stack);
  },

  control: async ({ stack }, use) => {
    if (stack.name !== 'local') {
      throw new Error(`The mock server's control API is not part of the ${stack.name} stack: use \`stack\``);
    }
    await use(createControlClient(inject('serverUrl')));
  },

  openContext: async ({ browser, stack: _resetFirst, task }, use) => {
    const opened: OpenedContext[] = [];
    await use(async (options = DESKTOP) => {
      const context = await browser.newContext({ ...options, baseURL: inject('webUrl') });
      const entry: OpenedContext = { context, uncaught: [], consoleErrors: [] };
      context.on('weberror', (error) => entry.uncaught.push(error.error().message));
      context.on('console', (message) => {
        if (message.type() === 'error') entry.consoleErrors.push(message.text());
      });
      opened.push(entry);
      return context;
    });
    if (task.result?.state === 'fail') await saveFailureArtifacts(task, opened);
    await Promise.all(opened.map(({ context }) => context.close()));
    // An exception nothing caught is a bug whatever the journey checked (console errors are not:
    // the app logs the failures that the fault journeys cause on purpose).
    const uncaught = opened.flatMap((entry) => entry.uncaught);
    if (uncaught.length > 0 && task.result?.state !== 'fail') {
      throw new Error(`The page threw and nothing caught it:\n${uncaught.join('\n')}`);
    }
  },

  page: async ({ openContext }, use) => {
    const context = await openContext();
    await use(await context.newPage());
  },

  chat: async ({ page, stack }, use) => {
    await use(new ChatPage(page, 'Ava', stack.phoneCode));
  },
});

async function saveFailureArtifacts(
  task: { name: string; file: { filepath: string } },
  opened: OpenedContext[],
): Promise<void> {
  await mkdir(ARTIFACTS_DIR, { recursive: true });
  const stem = `${basename(task.file.filepath, '.e2e.ts')}--${slug(task.name)}`;
  let index = 0;
  for (const { context, uncaught, consoleErrors } of opened) {
    for (const page of context.pages()) {
      const path = join(ARTIFACTS_DIR, `${stem}${index === 0 ? '' : `-${index}`}.png`);
      index += 1;
      try {
        await page.screenshot({ path, fullPage: true });
        console.error(`✗ "${task.name}" failed at ${page.url()} — screenshot: ${path}`);
      } catch (error) {
        console.error(`✗ "${task.name}": no screenshot (${String(error)})`);
      }
    }
    const errors = [...uncaught.map((e) => `uncaught: ${e}`), ...consoleErrors.map((e) => `console: ${e}`)];
    if (errors.length > 0) console.error(`  the page reported:\n  ${errors.join('\n  ')}`);
  }
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}
