/**
 * A business's own site with the embed snippet (support/host-page-server.ts), as a visitor sees it:
 * the launcher, the panel, and the chat page inside the panel's iframe.
 */
import type { Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { WAIT_MS } from './chat-page.js';

export class HostSite {
  constructor(
    readonly page: Page,
    /** The site's origin (another site than the chat's). */
    readonly origin: string,
    /** The chat's origin, where embed.js and the framed page come from. */
    readonly chatOrigin: string,
  ) {}

  /** Opens the site with the snippet carrying `attributes`; waits for the launcher named `launcherName`. */
  async open(attributes: Record<string, string>, launcherName = 'Open chat'): Promise<void> {
    await this.page.goto(`${this.origin}/?${new URLSearchParams(attributes).toString()}`);
    await this.page.getByRole('button', { name: launcherName }).waitFor({ timeout: WAIT_MS });
  }

  /** The chat page inside the snippet's iframe, once it exists. */
  async chatFrame(): Promise<Frame> {
    const isChat = (frame: Frame) => frame.url().startsWith(`${this.chatOrigin}/chat/`);
    await expect.poll(() => this.page.frames().some(isChat), { timeout: WAIT_MS }).toBe(true);
    return this.page.frames().find(isChat)!;
  }

  panelHidden(): Promise<boolean> {
    return this.page.locator('#business-chat-panel').isHidden();
  }
}

/**
 * Types `text` into the chat's message box named `boxName` the way a visitor does: a click on the box,
 * then the text, which must then be in the box. Playwright's fill() inserts the text wherever the
 * browser's keyboard focus is; in a cross-site frame that focus has been seen left with the host page
 * (about one run in twenty under load; microsoft/playwright#42125 is the same two-step fill): the
 * host's focus on the snippet's container, the frame's own box focused, keys typed reaching the host.
 * The snippet now focuses the open panel's frame again once its page has started (embed.ts, 'ready').
 */
export async function typeInChat(frame: Frame, boxName: string, text: string): Promise<void> {
  const box = frame.getByRole('textbox', { name: boxName });
  await box.click();
  await box.fill(text);
  // What the visitor sees: the words in the box (a lost text fails here, not at a later assertion).
  await expect.poll(() => box.inputValue(), { timeout: WAIT_MS }).toBe(text);
}

/**
 * What the page in `frame` gets when it reads window.localStorage: 'granted', or the error's name —
 * 'SecurityError' where the browser denies a third-party frame its storage.
 */
export function storageAccess(frame: Frame): Promise<string> {
  return frame.evaluate(() => {
    try {
      return window.localStorage ? 'granted' : 'none';
    } catch (error) {
      return (error as Error).name;
    }
  });
}
