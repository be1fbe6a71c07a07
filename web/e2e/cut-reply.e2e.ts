// Journey: no reply left hanging (issue 27 item 4). A reply the chat service ended as cut (its writer
// stopped: a shutdown, or a crash ended by the next turn) shows what arrived and 'Try again', after a
// reload too; 'Try again' asks the assistant once more. On the Firebase stack, where the reply is
// stored as the chat service stores a cut one (the page's 20 s rule for a reply that stops growing is
// covered by packages/session/src/stalled-replies.test.ts).
import { expect } from 'vitest';
import { WAIT_MS } from './pages/chat-page.js';
import { test } from './support/journey-test.js';

test("a cut reply shows what arrived and 'Try again', which asks again", async ({
  page,
  chat,
  stack,
  skip,
}) => {
  if (!stack.storeCutReply) {
    skip('the mock server ends its own replies; a cut one comes from its restart');
    return;
  }
  const conversationId = await chat.openDefaultChat();
  // The visitor's question and a reply whose writer stopped half-way (a chat service killed mid-reply).
  await stack.storeCutReply(conversationId, 'What are your opening hours?', 'Our stylists are free on');
  await chat.text('Our stylists are free on').waitFor({ timeout: WAIT_MS });
  await chat.smartReply('Try again').waitFor({ timeout: WAIT_MS });
  expect(await chat.smartReplies().allInnerTexts()).toEqual(['Try again']);

  await page.reload();
  await chat.text('Our stylists are free on').waitFor({ timeout: WAIT_MS });
  await chat.smartReply('Try again').waitFor({ timeout: WAIT_MS });

  await chat.smartReply('Try again').click();
  await chat.waitForAssistantReplies(2);
  expect(await chat.lastAssistantText()).toContain('Here are our regular hours');
  await expect
    .poll(() => chat.smartReplies().allInnerTexts(), { timeout: WAIT_MS })
    .not.toContain('Try again');
});
