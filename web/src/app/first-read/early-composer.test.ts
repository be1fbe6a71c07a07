import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstReadScript } from '../../../build/first-read-script.js';
import { EARLY_COMPOSER_GLOBAL, EARLY_DRAFT_STORAGE_KEY, readEarlyBox } from './early-composer-handover.js';
import { LOCAL_ENV } from './first-read-test-envs.js';

// The web workspace's root: where vitest runs this project.
const INDEX_HTML = readFileSync(join(import.meta.dirname, '../../../index.html'), 'utf8');

type Scope = typeof globalThis & { [EARLY_COMPOSER_GLOBAL]?: unknown };

/** index.html as the browser has it before the app runs, at `path`, with the first-read script run. */
function loadPage(path: string): void {
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
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('takes typing at once; the send button follows the text; Shift+Enter is a new line', () => {
    loadPage('/chat/bella-vista-salon');
    expect(box().disabled).toBe(false);
    expect(sendButton().disabled).toBe(true);
    type('   ');
    expect(sendButton().disabled).toBe(true);
    type('Hello');
    expect(sendButton().disabled).toBe(false);
    expect(press('Enter', { shiftKey: true }).defaultPrevented).toBe(false);
    expect(readEarlyBox()).toMatchObject({ draft: '   Hello', pendingSend: null, focused: true });
  });

  it('holds the text an Enter sends, read-only, for the app to send; only once', () => {
    loadPage('/chat/bella-vista-salon');
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

  it('does not send while an IME composes, nor blank text', () => {
    loadPage('/chat/bella-vista-salon');
    press('Enter');
    expect(readEarlyBox()?.pendingSend).toBeNull();
    type('にほん');
    expect(press('Enter', { isComposing: true }).defaultPrevented).toBe(false);
    expect(readEarlyBox()?.pendingSend).toBeNull();
  });

  it('keeps the text in the tab through a reload, for the same business only, as a draft', () => {
    loadPage('/chat/bella-vista-salon');
    type('Half a question');
    expect(JSON.parse(window.sessionStorage.getItem(EARLY_DRAFT_STORAGE_KEY)!)).toEqual({
      businessId: 'bella-vista-salon',
      text: 'Half a question',
    });
    press('Enter');

    loadPage('/chat/bella-vista-salon');
    expect(box().value).toBe('Half a question');
    expect(box().readOnly).toBe(false);
    expect(readEarlyBox()?.pendingSend).toBeNull();

    loadPage('/chat/another-business');
    expect(box().value).toBe('');
  });
});
