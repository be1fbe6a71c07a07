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
