/**
 * Screenshots of the main states (empty, chatting, interrupt, verified, disabled, error, …) in
 * web/e2e/screenshots/ (git-ignored), so a person can look at what the journeys saw.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';

const SCREENSHOTS_DIR = fileURLToPath(new URL('../screenshots', import.meta.url));

export type MainState =
  | 'empty'
  | 'chatting'
  | 'interrupt'
  | 'verified'
  | 'disabled-pending'
  | 'disabled-denied'
  | 'error'
  | 'listen-error'
  | 'sending'
  | 'not-sent'
  | 'narrow-360'
  | 'narrow-360-code-step'
  | 'narrow-360-code-error'
  | 'code-expired'
  | 'dark-chatting'
  | 'spanish-code-error'
  | 'embedded-panel'
  | 'embedded-phone'
  | 'embedded-phone-not-found'
  | 'smart-replies-390'
  | 'console-1280'
  | 'console-1920';

export async function saveStateScreenshot(page: Page, state: MainState): Promise<void> {
  await mkdir(SCREENSHOTS_DIR, { recursive: true });
  // Animations off, so a toast or the typing dots do not blur the picture.
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${state}.png`), animations: 'disabled' });
}
