import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chooseLanguage } from '@chat/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LARGEST_PAINT_WAIT_MS,
  LATER_MODULES_META,
  firstReadScript,
} from '../../../build/first-read-script.js';
import type { AppEnv } from '../../config/env.js';
import {
  EARLY_WELCOME_GLOBAL,
  claimEarlyWelcome,
  earlyWelcomeSettled,
  markEarlyWelcomeRendered,
} from './first-read.js';
import { FIREBASE_ENV, LOCAL_ENV } from './first-read-test-envs.js';
import { clearTimers, recordTimers } from './first-read-test-timers.js';

// The web workspace's root: where vitest runs this project.
const INDEX_HTML = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8');

const LOCAL = LOCAL_ENV;
const FIREBASE = FIREBASE_ENV;

type Scope = typeof globalThis & { [EARLY_WELCOME_GLOBAL]?: unknown };

/** index.html as the browser has it before the app runs, at `path`, the business answering `body`. */
function loadPage(env: AppEnv, path: string, answer: () => Response | Promise<Response>) {
  document.documentElement.innerHTML = INDEX_HTML.replace(/^[\s\S]*?<html[^>]*>/, '').replace(
    /<\/html>[\s\S]*$/,
    '',
  );
  window.history.replaceState(null, '', path);
  const fetch = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetch);
  new Function(firstReadScript(env).source)();
  return fetch;
}

const title = () => document.querySelector('#root h2')?.textContent ?? null;
const loading = () => document.querySelector('#root [role="status"].chat-loading')?.textContent ?? null;

/** Lets the script's promise chain (the answer, its body) run out. */
async function settled(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe("the first-read script's early welcome", () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    delete (globalThis as Scope)[EARLY_WELCOME_GLOBAL];
    recordTimers();
  });
  afterEach(() => {
    clearTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows the empty state of a new conversation as soon as the business is read, the name as text', async () => {
    loadPage(LOCAL, '/chat/bella-vista-salon', json({ businessName: 'Bella <b>Vista</b> ' }));
    expect(loading()).toBe('Loading...');
    await settled();
    expect(title()).toBe('Welcome to Bella <b>Vista</b>!');
    expect(document.querySelector('#root b')).toBeNull();
    expect(document.querySelector('#root .empty-state__subtitle')?.textContent).toBe('How can I assist you?');
    expect(loading()).toBeNull();
    // The composer is the frame's, usable from the start (issue 31; early-composer.test.ts).
    expect(document.querySelector<HTMLTextAreaElement>('#root textarea')?.disabled).toBe(false);
    // The app's first render shows the same welcome.
    expect(claimEarlyWelcome()).toEqual({
      businessId: 'bella-vista-salon',
      businessName: 'Bella <b>Vista</b>',
    });
  });

  it('reads the name from the Firestore REST document on Firebase', async () => {
    const document = { fields: { businessName: { stringValue: 'Bella Vista Salon' } } };
    loadPage(FIREBASE, '/chat/bella-vista-salon', json(document));
    await settled();
    expect(title()).toBe('Welcome to Bella Vista Salon!');
  });

  it('welcomes at / too, to the default business it redirects to', async () => {
    loadPage(LOCAL, '/', json({ businessName: 'Bella Vista Salon' }));
    await settled();
    expect(title()).toBe('Welcome to Bella Vista Salon!');
  });

  it('leaves the page to the app once its first render is on screen, and tells the app the name when it comes', async () => {
    loadPage(LOCAL, '/chat/bella-vista-salon', json({ businessName: ' Bella Vista Salon ' }));
    const told: unknown[] = [];
    expect(claimEarlyWelcome(globalThis, (welcome) => told.push(welcome))).toBeNull();
    markEarlyWelcomeRendered();
    await settled();
    expect(title()).toBeNull();
    expect(loading()).toBe('Loading...');
    expect(told).toEqual([{ businessId: 'bella-vista-salon', businessName: 'Bella Vista Salon' }]);
  });

  it('still shows the welcome while the app has started but not yet rendered, and tells the app the name', async () => {
    loadPage(LOCAL, '/chat/bella-vista-salon', json({ businessName: ' Bella Vista Salon ' }));
    const told: unknown[] = [];
    expect(claimEarlyWelcome(globalThis, (welcome) => told.push(welcome))).toBeNull();
    await settled();
    expect(title()).toBe('Welcome to Bella Vista Salon!');
    expect(loading()).toBeNull();
    expect(told).toEqual([{ businessId: 'bella-vista-salon', businessName: 'Bella Vista Salon' }]);
  });

  it("makes the app's first render wait for the first read and for its welcome's paint", async () => {
    let answer: (response: Response) => void = () => undefined;
    loadPage(LOCAL, '/chat/bella-vista-salon', () => new Promise<Response>((resolve) => (answer = resolve)));
    let frames = 0;
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => {
      frames += 1;
      return setTimeout(() => run(performance.now()), 0);
    });
    let titleWhenStarted: string | null = null;
    const waiting = earlyWelcomeSettled(globalThis, 60_000).then(() => (titleWhenStarted = title()));
    await settled();
    expect(titleWhenStarted).toBeNull();
    answer(json({ businessName: 'Bella Vista Salon' })());
    await waiting;
    // The welcome was on the page, and a frame passed (no largest-paint reports in this DOM), before the app went on.
    expect(titleWhenStarted).toBe('Welcome to Bella Vista Salon!');
    expect(frames).toBeGreaterThan(0);
    expect(claimEarlyWelcome()).toEqual({
      businessId: 'bella-vista-salon',
      businessName: 'Bella Vista Salon',
    });
    await settled(); // the later modules' turn (none named here)
  });

  it("fetches the page's later modules after the welcome has been painted, once, at low priority", async () => {
    let answer: (response: Response) => void = () => undefined;
    loadPage(LOCAL, '/chat/bella-vista-salon', () => new Promise<Response>((resolve) => (answer = resolve)));
    const meta = document.createElement('meta');
    meta.name = LATER_MODULES_META;
    meta.content = '/assets/firestore-sdk-abc.js /assets/other-def.js';
    document.head.append(meta);
    const preloads = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    await settled();
    // Not while the first screen's own requests are on their way.
    expect(preloads()).toEqual([]);
    answer(json({ businessName: 'Bella Vista Salon' })());
    await vi.waitFor(() => expect(preloads()).toHaveLength(2));
    expect(title()).toBe('Welcome to Bella Vista Salon!');
    expect(preloads().map((link) => link.getAttribute('href'))).toEqual([
      '/assets/firestore-sdk-abc.js',
      '/assets/other-def.js',
    ]);
    expect(preloads().every((link) => link.getAttribute('fetchpriority') === 'low')).toBe(true);
    expect(preloads().every((link) => link.crossOrigin === '')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(preloads()).toHaveLength(2);
  });

  it('renders the app and fetches the later modules once the browser reports the welcome as the largest paint', async () => {
    const observers: Array<(entries: Array<{ startTime: number }>) => void> = [];
    class FakeObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      constructor(
        private readonly callback: (list: { getEntries(): Array<{ startTime: number }> }) => void,
      ) {}
      observe() {
        observers.push((entries) => this.callback({ getEntries: () => entries }));
      }
      disconnect() {
        observers.length = 0;
      }
    }
    vi.stubGlobal('PerformanceObserver', FakeObserver);
    const meta = document.createElement('meta');
    meta.name = LATER_MODULES_META;
    meta.content = '/assets/firestore-sdk-abc.js';
    const before = performance.now();
    loadPage(LOCAL, '/chat/bella-vista-salon', json({ businessName: 'Bella Vista Salon' }));
    document.head.append(meta);
    const preloads = () => document.querySelectorAll('link[rel="modulepreload"]').length;
    let appMayRender = false;
    void earlyWelcomeSettled(globalThis, 60_000).then(() => (appMayRender = true));
    await vi.waitFor(() => expect(observers).toHaveLength(1));
    expect(title()).toBe('Welcome to Bella Vista Salon!');
    // Frames pass, and the paint reported is one from before the welcome (the frame's own text).
    await new Promise((resolve) => setTimeout(resolve, 100));
    observers[0]!([{ startTime: before }]);
    await settled();
    expect(preloads()).toBe(0);
    expect(appMayRender).toBe(false);
    observers[0]!([{ startTime: performance.now() }]);
    await vi.waitFor(() => expect(preloads()).toBe(1));
    expect(appMayRender).toBe(true);
  });

  it('goes ahead without the report after its limit (a welcome the browser never reports)', async () => {
    class SilentObserver {
      static supportedEntryTypes = ['largest-contentful-paint'];
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', SilentObserver);
    loadPage(LOCAL, '/chat/bella-vista-salon', json({ businessName: 'Bella Vista Salon' }));
    const started = performance.now();
    await earlyWelcomeSettled(globalThis, 60_000);
    expect(title()).toBe('Welcome to Bella Vista Salon!');
    expect(performance.now() - started).toBeGreaterThanOrEqual(LARGEST_PAINT_WAIT_MS - 20);
  });

  it('waits no frame when there is no welcome to show, and at most its limit for a read still on its way', async () => {
    let frames = 0;
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => {
      frames += 1;
      return setTimeout(() => run(performance.now()), 0);
    });
    loadPage(LOCAL, '/chat/bella-vista-salon', json({ error: 'not found' }, 404));
    await earlyWelcomeSettled(globalThis, 60_000);
    const framesAfterRead = frames;

    loadPage(LOCAL, '/chat/bella-vista-salon', () => new Promise<Response>(() => undefined));
    vi.useFakeTimers();
    try {
      const waiting = earlyWelcomeSettled(globalThis, 1000);
      await vi.advanceTimersByTimeAsync(999);
      let started = false;
      void waiting.then(() => (started = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(started).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await waiting;
    } finally {
      vi.useRealTimers();
    }
    // No welcome: the app waited for no paint (the frames counted are the later modules' own turn).
    expect(framesAfterRead).toBeLessThanOrEqual(1);
    expect(claimEarlyWelcome()).toBeNull();
    expect(loading()).toBe('Loading...');
  });

  it('tells the app nothing when the read has no usable name', async () => {
    loadPage(LOCAL, '/chat/bella-vista-salon', json({ error: 'not found' }, 404));
    const told: unknown[] = [];
    claimEarlyWelcome(globalThis, (welcome) => told.push(welcome));
    await settled();
    expect(told).toEqual([]);
  });

  it('shows nothing early when the conversation may have messages, the language is not English, or the business is not there', async () => {
    const cases: Array<[AppEnv, string, () => Response, () => void]> = [
      [LOCAL, '/chat/bella-vista-salon/c-123', json({ businessName: 'B' }), () => undefined],
      [
        LOCAL,
        '/chat/bella-vista-salon',
        json({ businessName: 'B' }),
        () => window.sessionStorage.setItem('chat.conversationId', 'c-123'),
      ],
      [LOCAL, '/chat/bella-vista-salon?lang=es', json({ businessName: 'B' }), () => undefined],
      [LOCAL, '/chat/bella-vista-salon', json({ error: 'not found' }, 404), () => undefined],
      [LOCAL, '/chat/bella-vista-salon', json({ businessName: '   ' }), () => undefined],
      [LOCAL, '/chat/@bellavista', json({ businessName: 'B' }), () => undefined],
      [FIREBASE, '/chat/bella-vista-salon', json({ fields: {} }), () => undefined],
    ];
    for (const [env, path, answer, before] of cases) {
      window.sessionStorage.clear();
      before();
      loadPage(env, path, answer);
      await settled();
      expect(title(), path).toBeNull();
      expect(loading(), path).toBe('Loading...');
    }
  });

  it("decides the page's language as the app does (@chat/core's chooseLanguage)", async () => {
    const cases: Array<[string | null, string[]]> = [
      [null, ['en-US']],
      [null, ['es-MX', 'en']],
      [null, ['fr', 'es']],
      [null, ['fr', 'de']],
      ['en', ['es']],
      ['es', ['en']],
      ['xx', ['es']],
      ['xx', ['de', 'en-GB']],
    ];
    for (const [lang, languages] of cases) {
      vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
      window.sessionStorage.clear();
      loadPage(LOCAL, `/chat/b${lang === null ? '' : `?lang=${lang}`}`, json({ businessName: 'B' }));
      await settled();
      const english = chooseLanguage(lang, languages) === 'en';
      expect(title() !== null, `${lang} ${languages.join(',')}`).toBe(english);
      delete (globalThis as Scope)[EARLY_WELCOME_GLOBAL];
    }
  });
});
