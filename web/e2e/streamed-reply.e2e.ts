// Journey: the visitor sends a message and watches the assistant's reply stream in (§1, §4 sending).
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { saveStateScreenshot } from './support/state-screenshots.js';
import { test } from './support/journey-test.js';

test('a sent message gets a reply that grows in place, after "Ava is typing…"', async ({
  page,
  chat,
  stack,
}) => {
  const conversationId = await chat.openDefaultChat();
  await chat.startRecording();

  // Enter sends; the text is trimmed first (§5).
  await chat.messageBox.fill('  Tell me about your services  ');
  await chat.messageBox.press('Enter');

  await chat.waitForUserMessage('Tell me about your services');
  expect(await chat.messageBox.inputValue()).toBe('');
  await chat.waitForAssistantReplies(1);

  const record = await chat.recorded();
  expect(record.typingSeen, 'the typing indicator showed while the reply was prepared').toBe(true);
  // The reply arrived in pieces: the bubble showed at least two different partial lengths before the
  // final one. (Not strictly growing: half a markdown link shows as text until its closing bracket.)
  const final = record.aiLengths.at(-1)!;
  const partial = new Set(record.aiLengths.filter((length) => length < final));
  expect(partial.size, `lengths seen: ${record.aiLengths.join(', ')}`).toBeGreaterThanOrEqual(2);
  expect(record.aiLengths[0]!).toBeLessThan(final / 2);

  // Complete: the whole reply, rendered as markdown (bold, a list, a link that opens a new tab).
  const reply = chat.assistantMessages().last();
  const text = await chat.lastAssistantText();
  expect(text).toContain("Here's what Bella Vista Salon offers:");
  expect(text).toContain('Find us on Google Maps');
  // (The renderer may still be on its way when a reply ends: until then the reply shows as plain text.)
  await expect.poll(() => reply.locator('strong').count(), { timeout: WAIT_MS }).toBeGreaterThan(0);
  expect(await reply.locator('li').count()).toBeGreaterThanOrEqual(2);
  const link = reply.getByRole('link', { name: 'Find us on Google Maps' });
  expect(await link.getAttribute('target')).toBe('_blank');
  expect(await link.getAttribute('rel')).toContain('noopener');
  expect(await link.getAttribute('rel')).toContain('noreferrer');
  await chat.typingIndicator.waitFor({ state: 'detached', timeout: WAIT_MS });

  // The reply's smart replies are offered, and the server stored the exchange on this conversation.
  await expect.poll(() => chat.smartReplies().count(), { timeout: WAIT_MS }).toBeGreaterThanOrEqual(2);
  expect((await stack.conversation(conversationId))?.messageCount).toBe(2);
  await saveStateScreenshot(page, 'chatting');
});
