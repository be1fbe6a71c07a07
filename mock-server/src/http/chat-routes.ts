/**
 * The AI chat service: POST /api/chat with §7's send or resume body and an optional bearer token.
 * The assistant's reply is written into the conversation as a model message (streamed, see
 * live/reply-streamer.ts), followed, when the assistant asks for phone sign-in, by a stored auth
 * message (role model, type auth, the interrupt's text and tool request) — visitors read it through the live stream, never in this answer, which
 * carries only `{ smartReplies?, interrupts? }`.
 *
 * When the answer is sent: right after the reply's message has been created (its first chunk is
 * stored and pushed to subscribers), not after the whole reply has streamed in. So the client's
 * typing indicator gives way to the growing message, as with a real LLM backend, and a client that
 * awaits the call can already see the message. Without streaming the reply is complete by then.
 * A language model's reply (ASSISTANT_PROVIDER) is stored as the model writes it, so the answer
 * comes when the model is done, with the follow-ups it chose.
 *
 * Checks, in order: body (400 naming the field), token when present (401), then the checks both chat
 * servers share (@chat/server-http's checkChatTurn: conversation, business, ownership, approval,
 * expiry, a PHONE_SIGN_IN resume's token); a send naming its `messageId` then waits for that message
 * to be stored (saved-message.ts). Injected fault: 'chat' (after the checks).
 *
 * The assistant (built-in, language model or a scenario, see scenarios/assistant-switch.ts) writes the turn through
 * chat-turn-writer.ts, which applies its effects the same way whoever answered: fail with a status,
 * move the clock, drop the conversation's live stream, wait a typing delay; this route then streams
 * the reply at the turn's pace.
 */
import { Router } from 'express';
import { callerGone, chatAnswer, checkChatTurn, parseChatBody } from '@chat/server-http';
import { CHAT_PATH, MAX_MESSAGE_LENGTH, normaliseSmartReplies } from '@chat/core';
import type { SmartReply } from '@chat/core';
import type { ControllableClock } from '../clock.js';
import type { Faults } from '../faults.js';
import type { Identity } from '../identity/index.js';
import type { ReplyStreamer } from '../live/reply-streamer.js';
import type { AssistantSwitch } from '../scenarios/assistant-switch.js';
import type { DocumentStore } from '../store/memory-store.js';
import { requestUser } from './auth.js';
import { createChatTurnWriter } from './chat-turn-writer.js';
import { throwFault } from '../faults.js';
import { savedMessage } from './saved-message.js';

export interface ChatRoutesOptions {
  store: DocumentStore;
  /** Aborted when the server closes (a turn waiting for its message stops waiting). */
  closing: AbortSignal;
  identity: Identity;
  assistant: AssistantSwitch;
  streamer: ReplyStreamer;
  faults: Faults;
  clock: ControllableClock;
  /** Breaks every live message stream of the conversation (a turn's `dropLiveStream`). */
  dropLiveStream(conversationId: string): void;
}

export function chatRoutes({
  store,
  closing,
  identity,
  assistant,
  streamer,
  faults,
  clock,
  dropLiveStream,
}: ChatRoutesOptions): Router {
  const router = Router();

  router.post(CHAT_PATH, async (req, res) => {
    const body = parseChatBody(req.body);
    const user = await requestUser(identity, req);
    const nowMs = clock.now();
    const { conversation, business, request } = checkChatTurn({
      body,
      user,
      conversation: store.getConversation(body.conversationId),
      business: store.getBusiness(body.businessId),
      nowMs,
    });
    if (body.kind === 'message' && body.messageId) {
      await savedMessage(store, conversation.id, body.messageId, {
        withdrawn: AbortSignal.any([closing, callerGone(res)]),
      });
    }

    const fault = faults.take('chat');
    if (fault) throwFault(fault, 'chat');

    const { writer, turn } = createChatTurnWriter({
      clock,
      store,
      conversationId: conversation.id,
      dropLiveStream: () => dropLiveStream(conversation.id),
      remember: (memory) => assistant.remember(conversation.id, memory),
    });
    /** Ends a reply stored as it arrived (a language model's), with its smart replies — or cut. */
    const endLiveReply = (smartReplies: SmartReply[], cut = false) =>
      store.growMessage(conversation.id, turn.liveMessageId!, {
        appendText: '',
        streaming: false,
        ...(smartReplies.length > 0 ? { smartReplies } : {}),
        ...(cut ? { cut: true as const } : {}),
      });
    try {
      await assistant.respond(
        {
          business,
          conversation,
          history: store.messages(conversation.id),
          nowMs,
          signedIn: user !== null,
          userTimezone: body.userTimezone,
          request,
          memory: assistant.memoryOf(conversation.id),
        },
        writer,
      );
    } catch (error) {
      // What was stored before the failure is ended as it is, cut: no message stays streaming, and
      // the page offers 'Try again' for it (as the production chat service does).
      if (turn.liveMessageId) endLiveReply([], true);
      throw error;
    }
    /**
     * The conversation's lastMessage names the turn's last message once it is complete, as the
     * production chat service does (README, "What the chat service must implement"): the interrupt's
     * auth message when there is one, else the reply. Not when a reset removed the conversation meanwhile.
     */
    const settleLastMessage = (messageId: string, text: string) => {
      if (!store.getConversation(conversation.id)) return;
      store.updateLastMessage(conversation.id, {
        text: text.slice(0, MAX_MESSAGE_LENGTH),
        sender: 'model',
        sentAt: clock.now(),
        messageId,
      });
    };
    const smartReplies = turn.smartReplies ? normaliseSmartReplies(turn.smartReplies) : [];
    if (turn.liveMessageId) {
      endLiveReply(smartReplies);
      if (!turn.interrupt) settleLastMessage(turn.liveMessageId, turn.reply);
    } else if (turn.reply) {
      const reply = streamer.start(
        conversation.id,
        { text: turn.reply, ...(smartReplies.length > 0 ? { smartReplies } : {}) },
        turn.streaming,
      );
      const text = turn.reply;
      if (!turn.interrupt) void reply.done.then(() => settleLastMessage(reply.created.message.id, text));
    }
    if (turn.interrupt) {
      // The interrupt's auth message is stored after the reply, so a reload (on any backend) finds
      // it pending until the visitor answers it (docs/decisions/0010-stored-auth-message.md).
      const auth = store.addMessage(conversation.id, {
        role: 'model',
        type: 'auth',
        text: turn.interrupt.message,
        toolRequest: turn.interrupt.toolRequest,
      });
      settleLastMessage(auth.message.id, turn.interrupt.message);
    }
    res.json(chatAnswer(turn));
  });

  return router;
}
