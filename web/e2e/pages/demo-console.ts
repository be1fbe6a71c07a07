/**
 * The demo console (/console on the mock server) as a staffer sees it, found by accessible names and
 * visible texts. A conversation's entry on the left is a button whose name holds the conversation id.
 */
import type { Locator, Page } from 'playwright-core';
import { WAIT_MS } from './chat-page.js';

export class DemoConsole {
  readonly status: Locator;
  readonly noConversations: Locator;
  /** What the conversation panel says when no conversation is picked. */
  readonly pickHint: Locator;
  /** The line under the panel's heading: "<business>, started <time>. Answered by …. Id for `demo record`: <id>". */
  readonly detailMeta: Locator;
  readonly messages: Locator;
  readonly messageBox: Locator;
  readonly sendButton: Locator;
  readonly scenarioChoice: Locator;
  readonly attachButton: Locator;
  readonly restartButton: Locator;
  readonly interruptText: Locator;
  readonly raiseButton: Locator;
  readonly resetButton: Locator;
  readonly resetDialog: Locator;

  constructor(readonly page: Page) {
    this.status = page.getByRole('status');
    this.noConversations = page.getByText('No conversation yet', { exact: false });
    this.pickHint = page.locator('#detail-empty');
    this.detailMeta = page.locator('#detail-meta');
    this.messages = page.getByRole('list', { name: 'Messages' });
    this.messageBox = page.getByRole('textbox', { name: 'Message as the assistant' });
    this.sendButton = page.getByRole('button', { name: 'Send to the visitor' });
    this.scenarioChoice = page.getByRole('combobox', { name: 'Scenario' });
    this.attachButton = page.getByRole('button', { name: 'Attach scenario' });
    this.restartButton = page.getByRole('button', { name: 'Restart scenario' });
    this.interruptText = page.getByRole('textbox', { name: 'Phone verification on the next reply' });
    this.raiseButton = page.getByRole('button', { name: 'Raise on the next reply' });
    this.resetButton = page.getByRole('button', { name: 'Reset everything', exact: true });
    this.resetDialog = page.getByRole('dialog', { name: 'Reset everything?' });
  }

  /** Opens the console of the mock server at `serverUrl`. */
  async open(serverUrl: string): Promise<void> {
    await this.page.goto(`${serverUrl}/console`);
    await this.page.getByRole('heading', { name: 'Live conversations' }).waitFor({ timeout: WAIT_MS });
  }

  /** The conversation's entry in the list on the left. */
  entry(conversationId: string): Locator {
    return this.page.getByRole('button', { name: conversationId });
  }

  /** Picks a conversation with the keyboard (focus its entry, Enter) and waits for its panel. */
  async pick(conversationId: string): Promise<void> {
    const entry = this.entry(conversationId);
    await entry.waitFor({ timeout: WAIT_MS });
    await entry.focus();
    await this.page.keyboard.press('Enter');
    await this.waitForPicked(conversationId);
  }

  /** Waits until the panel shows the conversation, loaded (its id on the panel's line). */
  async waitForPicked(conversationId: string): Promise<void> {
    await this.detailMeta
      .getByText(`Id for \`demo record\`: ${conversationId}`)
      .waitFor({ timeout: WAIT_MS });
  }

  /**
   * Waits until the conversation's entry shows `messageCount` messages. The list is read again every
   * few seconds (and only then learns about new messages of a listed conversation): once the count
   * shows, a refresh has happened since the messages were stored.
   */
  async waitForListedCount(conversationId: string, messageCount: number): Promise<void> {
    await this.entry(conversationId).getByText(`· ${messageCount} messages`).waitFor({ timeout: WAIT_MS });
  }

  async waitForStatus(text: string): Promise<void> {
    await this.status.getByText(text).waitFor({ timeout: WAIT_MS });
  }

  /** Whether `target` has the keyboard focus. */
  async hasFocus(target: Locator): Promise<boolean> {
    return target.evaluate((element) => element === document.activeElement);
  }

  /** What has the keyboard focus, for a failure message: "BUTTON Bella Vista Salon · … · 2 messages…". */
  async focused(): Promise<string> {
    return this.page.evaluate(() => {
      const element = document.activeElement;
      return element ? `${element.tagName} ${(element.textContent ?? '').trim().slice(0, 80)}` : 'nothing';
    });
  }

  /** The text of the scenario choice's selected option. */
  async scenarioChoiceLabel(): Promise<string> {
    return this.scenarioChoice.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text ?? '');
  }

  /** The controls that act on one conversation which can be seen (and so used), by name. */
  async visibleConversationControls(): Promise<string[]> {
    const controls = {
      'Send to the visitor': this.sendButton,
      'Attach scenario': this.attachButton,
      'Restart scenario': this.restartButton,
      'Raise on the next reply': this.raiseButton,
      'Message as the assistant': this.messageBox,
    };
    const visible: string[] = [];
    for (const [name, control] of Object.entries(controls)) {
      if (await control.isVisible()) visible.push(name);
    }
    return visible;
  }
}
