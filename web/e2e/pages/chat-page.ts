/**
 * The chat page (/chat/{businessId}[/{conversationId}]) as a visitor sees it, found by accessible
 * names and visible texts — the same handles a screen-reader user has. The message bubbles are
 * told apart by the app's data-role attribute (ai, user, system, auth), which styles them too.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { PhoneWidget } from './phone-widget.js';

/** How long a journey waits for something the server or the app has to do. */
export const WAIT_MS = 15_000;

/** What ChatPage.startRecording() collects inside the page. */
export interface PageRecord {
  /** Each different length the newest assistant message's text had, in order. */
  aiLengths: number[];
  typingSeen: boolean;
  /** Which of the watched texts appeared at some point. */
  seen: string[];
}

const CHAT_URL = /\/chat\/([^/?#@]+)\/([^/?#]+)(?:[?#]|$)/;

export class ChatPage {
  readonly messageBox: Locator;
  readonly sendButton: Locator;
  readonly newChatButton: Locator;
  readonly log: Locator;
  readonly typingIndicator: Locator;
  readonly banner: Locator;
  readonly alerts: Locator;
  readonly phoneWidget: PhoneWidget;

  /**
   * `phoneCode`: where the journey reads the one-time code sent to a number (E.164) — the stack's
   * identity provider (support/stack.ts); by default the mock's fixed code for its test number.
   */
  constructor(
    readonly page: Page,
    readonly assistantName = 'Ava',
    readonly phoneCode: (phoneNumber: string) => Promise<string> = async () => '123456',
  ) {
    this.messageBox = page.getByRole('textbox', { name: 'Message', exact: true });
    this.sendButton = page.getByRole('button', { name: 'Send', exact: true });
    this.newChatButton = page.getByRole('button', { name: 'New chat', exact: true });
    this.log = page.getByRole('log');
    this.typingIndicator = page.getByText(`${assistantName} is typing…`, { exact: true });
    this.banner = page.getByRole('region', { name: 'Business verification' });
    this.alerts = page.getByRole('alert');
    this.phoneWidget = new PhoneWidget(page);
  }

  /** Opens `path` and waits until the chat is on a conversation's address. */
  async open(path: string, businessId = 'bella-vista-salon'): Promise<string> {
    await this.page.goto(path);
    return this.waitForConversation(businessId);
  }

  /**
   * Opens `path` of a business that cannot be chatted with (§6) and waits until the page is on the
   * business's address, which names no conversation: none is made for it.
   */
  async openClosed(path: string, businessId: string): Promise<void> {
    await this.page.goto(path);
    await this.page.waitForURL((url) => url.pathname === `/chat/${businessId}`, { timeout: WAIT_MS });
  }

  /** The path of the current URL (no query string). */
  pathname(): string {
    return new URL(this.page.url()).pathname;
  }

  /** Opens `/` (the default business, Bella Vista Salon) and waits for its empty state; returns the conversation id. */
  async openDefaultChat(): Promise<string> {
    const conversationId = await this.open('/');
    await this.waitForEmptyState('Bella Vista Salon');
    return conversationId;
  }

  /**
   * Opens `/` and asks for a booking, so the assistant asks for phone sign-in; returns the phone
   * widget once it shows.
   */
  async openAtPhoneSignIn(): Promise<PhoneWidget> {
    await this.open('/');
    await this.askForBookingAndWaitForInterrupt();
    return this.phoneWidget;
  }

  /** Waits for /chat/{businessId}/{conversationId} (optionally a different id than `not`); returns the id. */
  async waitForConversation(businessId: string, options: { not?: string } = {}): Promise<string> {
    await this.page.waitForURL(
      (url) => {
        const match = CHAT_URL.exec(url.pathname + url.search);
        return match?.[1] === businessId && match[2] !== options.not;
      },
      { timeout: WAIT_MS },
    );
    return this.conversationId();
  }

  /** The conversation id in the current URL. */
  conversationId(): string {
    const url = new URL(this.page.url());
    const match = CHAT_URL.exec(url.pathname + url.search);
    if (!match?.[2]) throw new Error(`not on a conversation's address: ${this.page.url()}`);
    return decodeURIComponent(match[2]);
  }

  /** The query string of the current URL ('' when there is none). */
  search(): string {
    return new URL(this.page.url()).search;
  }

  text(value: string): Locator {
    return this.page.getByText(value, { exact: true });
  }

  smartReply(text: string): Locator {
    return this.page
      .getByRole('group', { name: 'Suggested replies' })
      .getByRole('button', { name: text, exact: true });
  }

  smartReplies(): Locator {
    return this.page.getByRole('group', { name: 'Suggested replies' }).getByRole('button');
  }

  /** A suggested question's button, by its first line (its name is "line1 line2"). */
  suggestedQuestion(line1: string): Locator {
    return this.page.getByRole('group', { name: 'Suggested questions' }).getByRole('button', { name: line1 });
  }

  suggestedQuestions(): Locator {
    return this.page.getByRole('group', { name: 'Suggested questions' }).getByRole('button');
  }

  assistantMessages(): Locator {
    return this.log.locator('[data-role="assistant"]');
  }

  userMessages(): Locator {
    return this.log.locator('[data-role="visitor"]');
  }

  systemMessages(): Locator {
    return this.log.locator('[data-role="system"]');
  }

  authMessages(): Locator {
    return this.log.locator('[data-role="auth"]');
  }

  /** Waits until the empty state, the composer and the suggested questions are on screen. */
  async waitForEmptyState(businessName: string): Promise<void> {
    await this.text(`Welcome to ${businessName}!`).waitFor({ timeout: WAIT_MS });
    await this.text('How can I assist you?').waitFor({ timeout: WAIT_MS });
  }

  /** Types `text` into the message box and clicks Send. */
  async send(text: string): Promise<void> {
    await this.messageBox.fill(text);
    await this.sendButton.click();
  }

  /** The visitor's bubble holding `text` (stored, or still on its way). */
  userBubble(text: string): Locator {
    return this.userMessages().filter({ hasText: text });
  }

  /** The visitor's messages' texts in the order shown, without their status ('Sending…', 'Not sent'). */
  async userTexts(): Promise<string[]> {
    return this.userMessages().locator('.msg__text').allInnerTexts();
  }

  /** The user's message `text` shows in the log. */
  async waitForUserMessage(text: string): Promise<void> {
    await this.userMessages().filter({ hasText: text }).first().waitFor({ timeout: WAIT_MS });
  }

  /**
   * Waits until there are at least `count` assistant messages and none of them is still streaming,
   * both seen at the same moment (a reply that starts after an earlier one ended must not slip through).
   */
  async waitForAssistantReplies(count: number): Promise<void> {
    const streaming = this.log.locator('[data-role="assistant"][aria-busy="true"]');
    await expect
      .poll(
        async () => (await this.assistantMessages().count()) >= count && (await streaming.count()) === 0,
        { timeout: WAIT_MS, interval: 50 },
      )
      .toBe(true);
  }

  /** Waits until the last assistant message contains `text` and no reply is streaming any more. */
  async waitForAssistantReplyContaining(text: string): Promise<void> {
    await expect.poll(() => this.lastAssistantText(), { timeout: WAIT_MS }).toContain(text);
    await this.waitForAssistantReplies(1);
  }

  /** The text of the last assistant message. */
  async lastAssistantText(): Promise<string> {
    return (await this.assistantMessages().last().innerText()).trim();
  }

  /**
   * Asks for a booking as an anonymous visitor, which makes the assistant ask for phone sign-in:
   * resolves once the auth message with the phone widget is on screen.
   */
  async askForBookingAndWaitForInterrupt(): Promise<void> {
    await this.send('I would like to book an appointment');
    await this.authMessages().first().waitFor({ timeout: WAIT_MS });
    await this.phoneWidget.phoneField.waitFor({ timeout: WAIT_MS });
  }

  /**
   * Verifies the fixture test number in the pending phone widget, then waits until the sign-in is
   * done: the notice shows, the auth message is gone, the booking answer arrives, the box is usable.
   */
  async verifyTestNumberAndWaitForBooking(): Promise<void> {
    await this.phoneWidget.requestCode('5555550100');
    await this.phoneWidget.codeField.waitFor({ timeout: WAIT_MS });
    await this.phoneWidget.enterCode(await this.phoneCode('+15555550100'));
    await this.text('✓ Phone number verified successfully').waitFor({ timeout: WAIT_MS });
    await this.authMessages().first().waitFor({ state: 'detached', timeout: WAIT_MS });
    await expect
      .poll(() => this.lastAssistantText(), { timeout: WAIT_MS })
      .toContain('Your booking request is in.');
    await this.waitForComposerEnabled();
  }

  /** Resolves once the message box can be typed into (or throws after WAIT_MS). */
  async waitForComposerEnabled(): Promise<void> {
    await expect.poll(() => this.messageBox.isEnabled(), { timeout: WAIT_MS, interval: 50 }).toBe(true);
  }

  async waitForComposerDisabled(): Promise<void> {
    await expect.poll(() => this.messageBox.isDisabled(), { timeout: WAIT_MS, interval: 50 }).toBe(true);
  }

  /**
   * Starts recording, from inside the page, every DOM change: the successive lengths of the newest
   * assistant message's text, and whether the typing indicator or any of `watchFor` ever showed.
   * A MutationObserver sees every rendered state, however briefly it lasted, where polling from
   * here could miss a short one. Survives until the page navigates.
   */
  async startRecording(watchFor: string[] = []): Promise<void> {
    await this.page.evaluate(
      ({ typingText, watchFor }) => {
        const record: PageRecord = { aiLengths: [], typingSeen: false, seen: [] };
        (window as unknown as { __e2eRecord: PageRecord }).__e2eRecord = record;
        const check = () => {
          const replies = document.querySelectorAll('[role="log"] [data-role="assistant"]');
          const last = replies[replies.length - 1];
          const length = last?.textContent?.length ?? 0;
          if (length > 0 && record.aiLengths.at(-1) !== length) record.aiLengths.push(length);
          const text = document.body.innerText;
          if (text.includes(typingText)) record.typingSeen = true;
          for (const wanted of watchFor)
            if (text.includes(wanted) && !record.seen.includes(wanted)) record.seen.push(wanted);
        };
        new MutationObserver(check).observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
        });
        check();
      },
      { typingText: `${this.assistantName} is typing…`, watchFor },
    );
  }

  /** What startRecording() has seen so far. */
  async recorded(): Promise<PageRecord> {
    return this.page.evaluate(() => (window as unknown as { __e2eRecord: PageRecord }).__e2eRecord);
  }

  /** The whole page's visible text (what a visitor can read). */
  async visibleText(): Promise<string> {
    return this.page.locator('body').innerText();
  }
}
