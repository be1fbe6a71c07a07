/**
 * The ChatService contract: send and resume (§7) with and without a bearer token. The reply is not
 * in the HTTP answer: it arrives as a model message through the conversation's live subscription,
 * so every test watches the conversation with the same backend's DataProvider.
 */
import {
  CONVERSATION_LIFETIME_MS,
  ChatResponseSchema,
  PHONE_SIGN_IN_TOOL,
  SMART_REPLY_TEXT,
  UI_TEXT,
  type Business,
  type ChatResumeBody,
  type ChatSendBody,
  type Conversation,
  type ToolRequest,
  newMessageId,
} from '@chat/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChatServiceSubject, SubjectFactory } from './contract-harness.js';
import { contractBusiness, TEST_PHONE_NUMBER } from './contract-fixtures.js';
import {
  authMessages,
  completeReplies,
  eventually,
  expectProviderError,
  harnessCapability,
  type MessageWatch,
  watchMessages,
} from './contract-helpers.js';

const BOOKING_REQUEST = 'I would like to book an appointment for tomorrow';
const QUESTION = 'What are your opening hours?';

export function describeChatServiceContract(
  name: string,
  makeSubject: SubjectFactory<ChatServiceSubject>,
): void {
  describe(`ChatService contract: ${name}`, () => {
    let subject: ChatServiceSubject;
    let business: Business;
    const watches: MessageWatch[] = [];

    beforeEach(async () => {
      subject = await makeSubject();
      await subject.harness.reset();
      await subject.auth.signOut();
      business = contractBusiness();
      await subject.harness.seedBusiness(business);
    });

    afterEach(async () => {
      for (const watch of watches.splice(0)) watch.stop();
      await subject.auth.signOut();
      await subject.harness.close();
    });

    async function signIn() {
      const pending = await subject.auth.startPhoneVerification(TEST_PHONE_NUMBER, {
        botCheckAnchorId: 'contract',
      });
      const user = await pending.confirm(await subject.harness.otpFor(TEST_PHONE_NUMBER));
      const idToken = await subject.auth.getIdToken();
      if (!idToken) throw new Error('signed in without an ID token');
      return { user, idToken };
    }

    /** A conversation (anonymous unless a uid is given) that is watched live from the start. */
    async function openConversation(uid: string | null = null) {
      const conversation = await subject.data.createConversation({
        businessId: business.id,
        userId: uid,
        userType: uid ? 'enduser' : 'anonymous',
        isOutsideBusinessHours: false,
      });
      const watch = watchMessages(subject.data, conversation.id);
      watches.push(watch);
      await watch.until((list) => expect(list).toEqual([]));
      return { conversation, watch };
    }

    /** Saves the visitor's message, as the page does, and the send body naming it (issue 27). */
    async function say(conversation: Conversation, text: string): Promise<ChatSendBody> {
      const saved = await subject.data.addMessage(conversation.id, {
        id: newMessageId(),
        role: 'user',
        text,
      });
      return {
        message: text,
        conversationId: conversation.id,
        businessId: business.id,
        profileId: business.id,
        userTimezone: 'America/Chicago',
        messageId: saved.id,
      };
    }

    function resumeBody(
      conversation: Conversation,
      toolRequest: ToolRequest,
      response: ChatResumeBody['resume']['respond'][number]['response'],
      messageId?: string,
    ): ChatResumeBody {
      return {
        conversationId: conversation.id,
        businessId: business.id,
        profileId: business.id,
        contextType: 'enduser',
        userTimezone: 'America/Chicago',
        ...(messageId ? { messageId } : {}),
        resume: { respond: [{ toolRequest, response }] },
      };
    }

    /** Sends a booking request anonymously and returns the phone sign-in interrupt it yields. */
    async function bookingInterrupt(conversation: Conversation) {
      const answer = await subject.chat.send(await say(conversation, BOOKING_REQUEST));
      const interrupt = answer.interrupts?.find((i) => i.toolRequest.name === PHONE_SIGN_IN_TOOL);
      if (!interrupt) throw new Error(`no ${PHONE_SIGN_IN_TOOL} interrupt in ${JSON.stringify(answer)}`);
      return interrupt;
    }

    it('answers an anonymous question through the live subscription, not the HTTP answer', async () => {
      const { conversation, watch } = await openConversation();

      const answer = await subject.chat.send(await say(conversation, QUESTION));

      expect(ChatResponseSchema.safeParse(answer).success).toBe(true);
      expect(answer.interrupts ?? []).toEqual([]);
      const list = await watch.until((l) => expect(completeReplies(l)).toHaveLength(1));
      expect(list[0]).toMatchObject({ role: 'user', text: QUESTION });
      expect(list.at(-1)?.role).toBe('model');
      expect(JSON.stringify(answer)).not.toContain(completeReplies(list)[0]?.text);
    });

    it('asks an anonymous visitor who wants to book to verify their phone (requestPhoneSignIn interrupt)', async () => {
      const { conversation, watch } = await openConversation();

      const interrupt = await bookingInterrupt(conversation);

      expect(interrupt.toolRequest.name).toBe(PHONE_SIGN_IN_TOOL);
      expect(interrupt.metadata?.interrupt?.message).toEqual(expect.any(String));
      expect(interrupt.metadata?.interrupt?.message).not.toBe('');
      // Never silence: a text reply, then the interrupt's auth message stored with its tool request,
      // so a reload finds the interrupt pending (docs/decisions/0010-stored-auth-message.md).
      const list = await watch.until((l) => {
        expect(completeReplies(l)).toHaveLength(1);
        expect(authMessages(l)).toHaveLength(1);
      });
      const [auth] = authMessages(list);
      expect(auth).toMatchObject({
        text: interrupt.metadata?.interrupt?.message,
        toolRequest: interrupt.toolRequest,
      });
      expect(list.indexOf(auth!)).toBeGreaterThan(list.indexOf(completeReplies(list)[0]!));
    });

    // README "What the chat service must implement": after the assistant's side is written, the
    // conversation's lastMessage names its last message (sender 'model'), and updatedAt moves with it.
    it("ends a turn with lastMessage naming the assistant's last message: the reply, else the auth message", async () => {
      const { conversation, watch } = await openConversation();
      await subject.chat.send(await say(conversation, QUESTION));
      const [reply] = completeReplies(await watch.until((l) => expect(completeReplies(l)).toHaveLength(1)));
      const answered = await eventually(async () => {
        const read = await subject.data.getConversation(conversation.id);
        expect(read?.lastMessage).toMatchObject({ text: reply!.text, sender: 'model', messageId: reply!.id });
        return read!;
      });
      expect(answered.lastMessage!.sentAt).toBeGreaterThanOrEqual(reply!.createdAt);
      expect(answered.updatedAt).toBeGreaterThanOrEqual(answered.lastMessage!.sentAt);

      const interrupt = await bookingInterrupt(conversation);
      const [auth] = authMessages(await watch.until((l) => expect(authMessages(l)).toHaveLength(1)));
      await eventually(async () => {
        const read = await subject.data.getConversation(conversation.id);
        expect(read?.lastMessage).toMatchObject({
          text: interrupt.metadata?.interrupt?.message,
          sender: 'model',
          messageId: auth!.id,
        });
      });
    });

    it('continues after the visitor signs in and resumes with PHONE_SIGN_IN and the token', async () => {
      const { conversation, watch } = await openConversation();
      const interrupt = await bookingInterrupt(conversation);
      const { idToken } = await signIn();

      const answer = await subject.chat.resume(
        resumeBody(conversation, interrupt.toolRequest, {
          requiresAuth: true,
          action: 'PHONE_SIGN_IN',
          message: UI_TEXT.authSuccessfulResume,
        }),
        { idToken },
      );

      expect(ChatResponseSchema.safeParse(answer).success).toBe(true);
      expect(answer.interrupts ?? []).toEqual([]);
      // The text reply that came with the interrupt, then the answer after sign-in.
      await watch.until((l) => expect(completeReplies(l)).toHaveLength(2));
    });

    it('answers a declined sign-in without a token', async () => {
      const { conversation, watch } = await openConversation();
      const interrupt = await bookingInterrupt(conversation);
      await subject.data.addMessage(conversation.id, {
        id: newMessageId(),
        role: 'user',
        text: SMART_REPLY_TEXT.verifyLater,
      });

      const answer = await subject.chat.resume(
        resumeBody(conversation, interrupt.toolRequest, {
          requiresAuth: true,
          action: 'PHONE_SIGN_IN_DECLINED',
          message: 'User declined',
          declined: true,
        }),
      );

      expect(answer.interrupts ?? []).toEqual([]);
      await watch.until((l) => expect(completeReplies(l)).toHaveLength(2));
    });

    it("answers a signed-in visitor's booking request in their own conversation, with the token", async () => {
      const { user, idToken } = await signIn();
      const { conversation, watch } = await openConversation(user.uid);

      const answer = await subject.chat.send(await say(conversation, BOOKING_REQUEST), { idToken });

      expect(answer.interrupts ?? []).toEqual([]);
      await watch.until((l) => expect(completeReplies(l)).toHaveLength(1));
    });

    // Issue 27: a chat call names the message it answers, and that message is answered once.
    it('answers one message once: a repeated call and two calls at once yield one reply and the same answer', async () => {
      const { conversation, watch } = await openConversation();
      const body = await say(conversation, QUESTION);
      const [first, together] = await Promise.all([subject.chat.send(body), subject.chat.send(body)]);
      const again = await subject.chat.send(body);
      expect(together).toEqual(first);
      expect(again).toEqual(first);
      await watch.until((l) => expect(completeReplies(l)).toHaveLength(1));

      // Another message is another question, answered with a reply of its own.
      await subject.chat.send(await say(conversation, 'Where are you located?'));
      const list = await watch.until((l) => expect(completeReplies(l)).toHaveLength(2));
      expect(list.filter((m) => m.role === 'model' && m.type !== 'auth')).toHaveLength(2);
    });

    it('answers a resume sent twice once, naming the notice the page saved', async () => {
      const { conversation, watch } = await openConversation();
      const interrupt = await bookingInterrupt(conversation);
      const { idToken } = await signIn();
      const notice = await subject.data.addMessage(conversation.id, {
        id: newMessageId(),
        role: 'system',
        type: 'system',
        text: UI_TEXT.phoneVerified,
      });
      const body = resumeBody(
        conversation,
        interrupt.toolRequest,
        { requiresAuth: true, action: 'PHONE_SIGN_IN', message: UI_TEXT.authSuccessfulResume },
        notice.id,
      );
      const [first, second] = await Promise.all([
        subject.chat.resume(body, { idToken }),
        subject.chat.resume(body, { idToken }),
      ]);
      expect(second).toEqual(first);
      expect(await subject.chat.resume(body, { idToken })).toEqual(first);
      // The lead-in that came with the interrupt, one answer after sign-in, and (written after any
      // second answer would have been) the reply to a later question: three replies, no more.
      await subject.chat.send(await say(conversation, QUESTION), { idToken });
      const list = await watch.until((l) => expect(completeReplies(l)).toHaveLength(3));
      expect(list.filter((m) => m.role === 'model' && m.type !== 'auth')).toHaveLength(3);
    });

    it('refuses a resume when no phone sign-in is pending with failed-precondition, and answers nothing', async () => {
      const { conversation, watch } = await openConversation();
      const saved = await subject.data.addMessage(conversation.id, {
        id: newMessageId(),
        role: 'user',
        text: SMART_REPLY_TEXT.verifyLater,
      });

      const error = await expectProviderError(
        subject.chat.resume(
          resumeBody(
            conversation,
            { name: PHONE_SIGN_IN_TOOL },
            {
              requiresAuth: true,
              action: 'PHONE_SIGN_IN_DECLINED',
              message: 'User declined',
              declined: true,
            },
            saved.id,
          ),
        ),
        'failed-precondition',
      );
      expect(error.message).toContain('not waiting for a phone sign-in');
      // Only the visitor's message: no reply was written for the refused resume.
      const list = await watch.until((l) => expect(l).toHaveLength(1));
      expect(completeReplies(list)).toEqual([]);
    });

    it('rejects an invalid token with unauthenticated', async () => {
      const { conversation } = await openConversation();

      await expectProviderError(
        subject.chat.send(await say(conversation, QUESTION), { idToken: 'not-a-real-token' }),
        'unauthenticated',
      );
    });

    it('rejects an invalid body with invalid-argument naming the field', async () => {
      const { conversation } = await openConversation();
      const body = await say(conversation, QUESTION);

      const error = await expectProviderError(
        subject.chat.send({ ...body, userTimezone: '' }),
        'invalid-argument',
      );
      expect(error.message).toContain('userTimezone');
    });

    it('refuses an expired conversation with failed-precondition, so the page can move on (§4)', async (t) => {
      const setClock = harnessCapability(t, subject.harness, 'setClock');
      const { conversation } = await openConversation();
      const body = await say(conversation, QUESTION);
      await setClock({ offsetMs: CONVERSATION_LIFETIME_MS + 60_000 });

      const error = await expectProviderError(subject.chat.send(body), 'failed-precondition');
      expect(error.message).toContain('expired');
    });

    it('rejects a failing chat service (HTTP 500) with a ProviderError', async (t) => {
      const injectFault = harnessCapability(t, subject.harness, 'injectFault');
      const { conversation } = await openConversation();
      await injectFault({ operation: 'chat', error: 500, count: 1 });

      const error = await expectProviderError(
        subject.chat.send(await say(conversation, QUESTION)),
        'internal',
      );

      expect(error.status).toBe(500);
    });
  });
}
