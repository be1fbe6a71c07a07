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
 * then the text. The click matters in a cross-site frame: Playwright's fill() focuses the box with a
 * script and then inserts the text wherever the browser's focus is, and a script's focus inside an
 * out-of-process frame does not always reach the browser in time — the text then went to the host
 * page and was lost about one run in thirty under load (microsoft/playwright#42125 is the same
 * two-step fill). A visitor's click (or the snippet's focus on open) moves the browser's focus itself.
 */
export async function typeInChat(frame: Frame, boxName: string, text: string): Promise<void> {
  const box = frame.getByRole('textbox', { name: boxName });
  await box.click();
  await box.fill(text);
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
