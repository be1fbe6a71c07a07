// The smart replies the session offers: in the visitor's language, each with what it does as data
// (issue 28 points 3 and 8) — the decline recognised by being offered for the pending sign-in, never
// by its words — and gone with the sign-in they answer.
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalogue, type ChatResumeBody } from '@chat/core';
import { createInMemoryBackend, type InMemoryBackend } from '@chat/contract/in-memory';
import { business, openSession, stopSessions } from './testing/open-session.js';
import { until } from './testing/session-harness.js';

afterEach(stopSessions);

const ES = await loadCatalogue('es');

const TOOL_REQUEST = { name: 'requestPhoneSignIn', ref: 'call-1' };

/** An assistant that asks for phone sign-in, storing its auth message as the chat services do. */
function askingForSignIn(backend: InMemoryBackend) {
  backend.chat.script((call, assistant) => {
    if (call.kind === 'resume') {
      assistant.reply('No problem.');
      return {};
    }
    assistant.reply('To book, I need to verify you.');
    backend.data.seedMessage(call.body.conversationId, {
      role: 'model',
      type: 'auth',
      text: 'Please verify your phone.',
      toolRequest: TOOL_REQUEST,
    });
    return { interrupts: [{ toolRequest: TOOL_REQUEST }] };
  });
}

describe('ChatSession: the smart replies it offers', () => {
  it('offers the verification box its replies in Spanish, and a Spanish one declines it', async () => {
    const backend = createInMemoryBackend();
    askingForSignIn(backend);
    const { session } = await openSession({ backend, texts: ES.ui, replyTexts: ES.replies });
    await session.send('Quiero una cita');
    const pending = await until(session, (s) => s.interrupt !== null && s.smartReplies.length === 2);
    expect(pending.smartReplies).toEqual([
      { type: 'system', text: 'Verificar más tarde', action: 'decline' },
      { type: 'system', text: 'Quiero más información sobre los servicios', action: 'decline' },
    ]);

    await session.chooseSmartReply(pending.smartReplies[0]!);
    const resume = backend.chat.calls.find((c) => c.kind === 'resume')?.body as ChatResumeBody;
    // The servers understand the decline from its fields; its words are the visitor's, in Spanish.
    expect(resume.resume.respond[0]!.response).toMatchObject({
      action: 'PHONE_SIGN_IN_DECLINED',
      declined: true,
      message: 'Verificar más tarde',
    });
    await until(session, (s) => s.interrupt === null && s.messages.some((m) => m.text === 'No problem.'));
  });

  it("offers 'Try again' in Spanish after a failed answer, carrying its action", async () => {
    const backend = createInMemoryBackend();
    const { session } = await openSession({ backend, replyTexts: ES.replies });
    backend.chat.failNext();
    await session.send('Hola');
    const failed = await until(session, (s) => s.alerts.length > 0);
    expect(failed.smartReplies).toEqual([{ type: 'system', text: 'Intentar de nuevo', action: 'try-again' }]);
  });

  // Regression: a question whose chat call never left (the page reloaded first, the connection lost)
  // stayed unanswered for good, with nothing on offer to ask it again.
  it("offers 'Try again' for a conversation opened with its last question unanswered, and asks it once, named", async () => {
    const backend = createInMemoryBackend();
    const left = backend.data.seedConversation({ businessId: business.id });
    const question = backend.data.seedMessage(left.id, {
      role: 'user',
      text: 'What are your opening hours?',
    });
    backend.chat.script((_call, assistant) => {
      assistant.reply('We are open 9 to 6.');
      return { smartReplies: ['Book'] };
    });
    const { session } = await openSession({ backend, conversationId: left.id });
    const opened = await until(session, (s) => s.smartReplies.length > 0);
    expect(opened.smartReplies).toEqual([{ type: 'system', text: 'Try again', action: 'try-again' }]);

    // The page runs a reply's action itself (use-chat-session.ts): 'try-again' is the session's tryAgain.
    await session.tryAgain();
    const answered = await until(
      session,
      (s) => s.messages.some((m) => m.text === 'We are open 9 to 6.') && s.smartReplies.length > 0,
    );
    expect(answered.smartReplies.map((r) => r.text)).toEqual(['Book']);
    expect(backend.chat.calls).toHaveLength(1);
    const asked = backend.chat.calls[0]!;
    expect(asked.kind === 'send' && asked.body).toMatchObject({
      message: 'What are your opening hours?',
      messageId: question.id,
    });
  });

  it("offers no 'Try again' while the question this page sent waits for its reply", async () => {
    const backend = createInMemoryBackend();
    let answer!: () => void;
    const answering = new Promise<void>((resolve) => (answer = resolve));
    backend.chat.script(async (_call, assistant) => {
      await answering;
      assistant.reply('We are open 9 to 6.');
      return {};
    });
    const { session } = await openSession({ backend });
    await session.send('What are your opening hours?');
    const waiting = await until(session, (s) => s.typing && s.messages.some((m) => m.delivery === undefined));
    expect(waiting.smartReplies).toEqual([]);
    answer();
    await until(session, (s) => s.messages.some((m) => m.text === 'We are open 9 to 6.'));
  });

  it("marks the assistant's own special replies with their action, whatever their case", async () => {
    const backend = createInMemoryBackend();
    backend.chat.script((_call, assistant) => {
      assistant.reply('Something went wrong on my side.');
      return { smartReplies: ['try AGAIN', 'Start a new chat', 'Prices'] };
    });
    const { session } = await openSession({ backend });
    await session.send('Hi');
    const state = await until(session, (s) => s.smartReplies.length === 3);
    expect(state.smartReplies.map((r) => r.action ?? null)).toEqual(['try-again', 'new-chat', null]);
  });

  // Regression (issue 28 point 8): after "Clock +25 hours" the conversation's end was stored after the
  // sign-in prompt, its phone box went, and 'Verify later' / 'Need more info about services' stayed.
  it('drops the replies of a sign-in that a later message ended', async () => {
    const backend = createInMemoryBackend();
    askingForSignIn(backend);
    const { session, conversationId } = await openSession({ backend });
    await session.send('I would like to book');
    await until(session, (s) => s.interrupt !== null && s.smartReplies.length === 2);

    backend.data.seedMessage(conversationId, {
      role: 'system',
      type: 'system',
      text: 'This conversation has ended.',
    });
    const ended = await until(session, (s) =>
      s.messages.some((m) => m.text === 'This conversation has ended.'),
    );
    expect(ended.interrupt).toBeNull();
    expect(ended.smartReplies).toEqual([]);
  });
});
