import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstReadScript } from '../../../build/first-read-script.js';
import {
  EARLY_COMPOSER_GLOBAL,
  EARLY_COMPOSER_TAKEN_GLOBAL,
  EARLY_DRAFT_STORAGE_KEY,
  markEarlyBoxTaken,
  readEarlyBox,
} from './early-composer-handover.js';
import { LOCAL_ENV } from './first-read-test-envs.js';
import { clearTimers, recordTimers } from './first-read-test-timers.js';

// The web workspace's root: where vitest runs this project.
const INDEX_HTML = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8');

type Scope = typeof globalThis & {
  [EARLY_COMPOSER_GLOBAL]?: unknown;
  [EARLY_COMPOSER_TAKEN_GLOBAL]?: unknown;
};

/** index.html as the browser has it before the app runs, at `path`, the first-read script just run. */
function openPage(path: string): void {
  document.documentElement.innerHTML = INDEX_HTML.replace(/^[\s\S]*?<html[^>]*>/, '').replace(
    /<\/html>[\s\S]*$/,
    '',
  );
  window.history.replaceState(null, '', path);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
  new Function(firstReadScript(LOCAL_ENV).source)();
}

/** The script starts the box a task after its own. */
const scriptsTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** openPage, and the box started. */
async function loadPage(path: string): Promise<void> {
  openPage(path);
  await scriptsTask();
}

const box = () => document.querySelector<HTMLTextAreaElement>('#root textarea[aria-label="Message"]')!;
const sendButton = () => document.querySelector<HTMLButtonElement>('#root button[aria-label="Send"]')!;

/** Types as a visitor does: the value changes, then the input event. */
function type(text: string): void {
  box().focus();
  box().value += text;
  box().dispatchEvent(new Event('input', { bubbles: true }));
}

function press(key: string, init: KeyboardEventInit = {}): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  box().dispatchEvent(event);
  return event;
}

describe("index.html's message box before the app runs (the first-read script's early composer)", () => {
  beforeEach(() => {
    window.sessionStorage.clear();
    delete (globalThis as Scope)[EARLY_COMPOSER_GLOBAL];
    delete (globalThis as Scope)[EARLY_COMPOSER_TAKEN_GLOBAL];
    recordTimers();
  });
  afterEach(() => {
    clearTimers();
    vi.unstubAllGlobals();
  });

  it('takes typing at once; the send button follows the text; Shift+Enter is a new line', async () => {
    await loadPage('/chat/bella-vista-salon');
    expect(box().disabled).toBe(false);
    expect(sendButton().disabled).toBe(true);
    type('   ');
    expect(sendButton().disabled).toBe(true);
    type('Hello');
    expect(sendButton().disabled).toBe(false);
    expect(press('Enter', { shiftKey: true }).defaultPrevented).toBe(false);
    expect(readEarlyBox()).toMatchObject({ draft: '   Hello', pendingSend: null, focused: true });
  });

  it('holds the text an Enter sends, read-only, for the app to send; only once', async () => {
    await loadPage('/chat/bella-vista-salon');
    type('  Do you open on Sundays?  ');
    expect(press('Enter').defaultPrevented).toBe(true);
    expect(box().readOnly).toBe(true);
    expect(box().value).toBe('Do you open on Sundays?');
    expect(sendButton().disabled).toBe(true);
    press('Enter');
    expect(readEarlyBox()).toMatchObject({
      businessId: 'bella-vista-salon',
      draft: '',
      pendingSend: 'Do you open on Sundays?',
    });
  });

  it("starts the box a task after the script, and not at all once the app's own box is in", async () => {
    openPage('/chat/bella-vista-salon');
    expect(readEarlyBox()).toMatchObject({ draft: '', focused: false });
    // The app's box replaced index.html's before the script's task came (its script ran first).
    markEarlyBoxTaken();
    await scriptsTask();
    type('Hello');
    expect(press('Enter').defaultPrevented).toBe(false);
    expect(readEarlyBox()).toMatchObject({ draft: '', pendingSend: null });
  });

  it('does not send while an IME composes, nor blank text', async () => {
    await loadPage('/chat/bella-vista-salon');
    press('Enter');
    expect(readEarlyBox()?.pendingSend).toBeNull();
    type('にほん');
    expect(press('Enter', { isComposing: true }).defaultPrevented).toBe(false);
    expect(readEarlyBox()?.pendingSend).toBeNull();
  });

  it('keeps the text in the tab through a reload, for the same business only, as a draft', async () => {
    await loadPage('/chat/bella-vista-salon');
    type('Half a question');
    expect(JSON.parse(window.sessionStorage.getItem(EARLY_DRAFT_STORAGE_KEY)!)).toEqual({
      businessId: 'bella-vista-salon',
      text: 'Half a question',
    });
    press('Enter');

    await loadPage('/chat/bella-vista-salon');
    expect(box().value).toBe('Half a question');
    expect(box().readOnly).toBe(false);
    expect(readEarlyBox()?.pendingSend).toBeNull();

    await loadPage('/chat/another-business');
    expect(box().value).toBe('');
  });

  it('takes a draft back on a reload, and leaves storage alone on a new navigation', async () => {
    await loadPage('/chat/bella-vista-salon');
    type('Half a question');
    const navigation = (type: NavigationTimingType) =>
      vi
        .spyOn(performance, 'getEntriesByType')
        .mockReturnValue([{ type } as unknown as PerformanceNavigationTiming]);
    const reads = vi.spyOn(Storage.prototype, 'getItem');

    navigation('navigate');
    await loadPage('/chat/bella-vista-salon');
    expect(box().value).toBe('');
    expect(reads).not.toHaveBeenCalled();

    navigation('reload');
    await loadPage('/chat/bella-vista-salon');
    expect(box().value).toBe('Half a question');
  });
});
