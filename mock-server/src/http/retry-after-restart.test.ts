// Regression: a 'Try again' after the mock server was killed mid-reply and restarted grew the cut
// reply instead of writing a new one ("Volvemosmos cerrados.** Volvemos a abrir…", still cut, the
// page's typing indicator left on). The turns' claims live in memory and are gone after a restart, so
// the retry was attempt 1 again, whose derived reply id was the cut reply's.
import request from 'supertest';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CHAT_PATH } from '@chat/core';
import { replyMessageId } from '@chat/server-http';
import { createApp } from '../app.js';
import type { ChatMockServer } from '../app.js';
import { createConversation, DEFAULT_BUSINESS_ID } from '../testing/test-server.js';

const QUESTION = 'What are your opening hours?';

let server: ChatMockServer;
beforeEach(() => {
  server = createApp({ streaming: { chunkChars: 12, intervalMs: 1 } });
});
afterEach(() => server.close());

/** The store as a restart leaves it: the question, and its first attempt's reply cut by the crash. */
function cutBeforeRestart(conversationId: string) {
  const question = server.store.addMessage(conversationId, { role: 'user', text: QUESTION });
  const cutId = replyMessageId(conversationId, question.message.id, 1);
  server.store.addMessage(conversationId, {
    id: cutId,
    role: 'model',
    text: "We're closed",
    streaming: true,
  });
  server.store.growMessage(conversationId, cutId, { appendText: '', streaming: false, cut: true });
  return { questionId: question.message.id, cutId };
}

it('a retry after a restart writes a new reply and leaves the cut one as it was', async () => {
  const { id } = createConversation(server);
  const { questionId, cutId } = cutBeforeRestart(id);

  const res = await request(server.app).post(CHAT_PATH).send({
    message: QUESTION,
    messageId: questionId,
    conversationId: id,
    businessId: DEFAULT_BUSINESS_ID,
    profileId: DEFAULT_BUSINESS_ID,
    contextType: 'enduser',
    userTimezone: 'America/New_York',
  });
  expect(res.status).toBe(200);
  // Both replies complete: the cut one, and the new one once it has streamed in.
  const streaming = () =>
    server.store
      .messages(id)
      .filter((m) => m.role === 'model')
      .map((m) => m.streaming ?? false);
  await expect.poll(streaming, { timeout: 5_000 }).toEqual([false, false]);

  const [cut, reply] = server.store.messages(id).filter((m) => m.role === 'model');
  expect(cut).toMatchObject({ id: cutId, text: "We're closed", cut: true });
  expect(reply!.id).not.toBe(cutId);
  expect(reply!.text).toMatch(/^\*\*We're closed right now/);
  expect(reply!.cut).toBeUndefined();
});
