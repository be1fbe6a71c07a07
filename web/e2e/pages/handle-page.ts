/**
 * The handle route /chat/@{handle}[/{conversationId}] (§2): resolves the handle and replaces the
 * address with the business's chat, keeping the query string; or says the business is unknown.
 */
import type { Locator, Page } from 'playwright-core';

export class HandlePage {
  readonly oops: Locator;
  readonly notFound: Locator;

  constructor(readonly page: Page) {
    this.oops = page.getByText('Oops!', { exact: true });
    this.notFound = page.getByText('Business not found', { exact: true });
  }

  async open(handle: string, rest = ''): Promise<void> {
    await this.page.goto(`/chat/@${encodeURIComponent(handle)}${rest}`);
  }
}
