/**
 * The inline phone sign-in widget inside the assistant's auth message (§2): the phone step, then
 * the code step, then success.
 */
import type { Frame, Locator, Page } from 'playwright-core';

export class PhoneWidget {
  readonly phoneField: Locator;
  readonly sendCodeButton: Locator;
  readonly codeField: Locator;
  readonly verifyButton: Locator;
  readonly changeNumberButton: Locator;
  /** Offered after an expired code: sends a new one to the same number. */
  readonly sendNewCodeButton: Locator;

  /** `page`: the chat page's tab, or the frame it runs in inside the embed snippet's panel. */
  constructor(readonly page: Page | Frame) {
    this.phoneField = page.getByPlaceholder('(555) 123-4567', { exact: true });
    this.sendCodeButton = page.getByRole('button', { name: 'Send Code', exact: true });
    this.codeField = page.getByLabel('Verification Code', { exact: true });
    this.verifyButton = page.getByRole('button', { name: 'Verify', exact: true });
    this.changeNumberButton = page.getByRole('button', { name: 'Change Number', exact: true });
    this.sendNewCodeButton = page.getByRole('button', { name: 'Send a new code', exact: true });
  }

  /** The widget's error line with exactly `text`. */
  error(text: string): Locator {
    return this.page.getByText(text, { exact: true });
  }

  /** Types the ten digits of a +1 number (e.g. '5555550100') and asks for a code. */
  async requestCode(tenDigits: string): Promise<void> {
    await this.phoneField.fill(tenDigits);
    await this.sendCodeButton.click();
  }

  async enterCode(code: string): Promise<void> {
    await this.codeField.fill(code);
    await this.verifyButton.click();
  }
}
