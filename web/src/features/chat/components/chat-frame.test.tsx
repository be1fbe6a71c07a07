import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/toast/toast-provider.js';
import { EARLY_WELCOME_TEMPLATE_ID } from '../../../app/first-read/first-read.js';
import { ChatFrame, WelcomeChatMain } from './chat-frame.js';

// The web workspace's root: where vitest runs this project.
const INDEX_HTML = readFileSync(join(import.meta.dirname, '../../../../index.html'), 'utf8');

/** Markup as the browser reads it, without the formatting: whitespace between tags, spacing in styles. */
function normalized(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const blank: Node[] = [];
  while (walker.nextNode())
    if (!/\S/.test(walker.currentNode.textContent ?? '')) blank.push(walker.currentNode);
  for (const node of blank) node.parentNode?.removeChild(node);
  // Inline styles as the browser reads them, not as they were typed.
  for (const element of template.content.querySelectorAll<HTMLElement>('[style]')) {
    element.setAttribute('style', element.style.cssText);
  }
  return template.innerHTML;
}

/** What index.html has inside <div id="root">. */
function rootMarkup(html: string): string {
  const match = /<div id="root">([\s\S]*)<\/div>\s*<script/.exec(html);
  if (!match) throw new Error('index.html: no <div id="root">…</div> before the app script');
  return normalized(match[1]!);
}

/** What index.html's welcome template holds. */
function welcomeTemplateMarkup(html: string): string {
  const pattern = new RegExp(`<template id="${EARLY_WELCOME_TEMPLATE_ID}"\\s*>([\\s\\S]*?)</template\\s*>`);
  const match = pattern.exec(html);
  if (!match) throw new Error(`index.html: no <template id="${EARLY_WELCOME_TEMPLATE_ID}">`);
  return normalized(match[1]!);
}

describe('the chat frame in index.html', () => {
  it('is exactly what the app renders first while the business loads, so its first render changes nothing on screen', () => {
    // The app's first screen inside AppProviders: the frame, then the (empty) toast region.
    const rendered = renderToStaticMarkup(
      <ToastProvider>
        <ChatFrame />
      </ToastProvider>,
    );
    // On failure: paste `rendered` into web/index.html's <div id="root"> (one element per line is fine).
    expect(rootMarkup(INDEX_HTML)).toBe(normalized(rendered));
  });

  it("says 'Loading...', takes typing in the message box from the first frame, and has nothing to send yet", () => {
    const root = document.createElement('div');
    root.innerHTML = rootMarkup(INDEX_HTML);
    expect(root.querySelector('[role="status"].chat-loading')?.textContent).toBe('Loading...');
    const box = root.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]');
    expect(box?.disabled).toBe(false);
    expect(box?.closest('[aria-hidden="true"]')).toBeNull();
    expect(root.querySelector<HTMLButtonElement>('button[aria-label="Send"]')?.disabled).toBe(true);
  });

  it("holds the welcome the app shows while a new conversation is created, with the name's place marked: in place of 'Loading...' it makes the frame the app's welcome frame", () => {
    const rendered = renderToStaticMarkup(
      <ToastProvider>
        <WelcomeChatMain businessName="{business}" />
      </ToastProvider>,
    ).replace(/<div class="toast-region"[^>]*><\/div>$/, '');
    // What the first-read script does (web/build/first-read-script.ts): the template's element replaces
    // the frame's 'Loading...'.
    const root = document.createElement('div');
    root.innerHTML = rootMarkup(INDEX_HTML);
    const welcome = document.createElement('template');
    welcome.innerHTML = welcomeTemplateMarkup(INDEX_HTML);
    expect(welcome.content.children).toHaveLength(1);
    root.querySelector('.chat-loading')!.replaceWith(welcome.content.firstElementChild!.cloneNode(true));
    // On failure: paste the message area of `rendered` into web/index.html's <template id="chat-welcome-frame">.
    expect(normalized(root.querySelector('main.chat-main')!.outerHTML)).toBe(normalized(rendered));
  });
});
