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
 *
 * Checks, in order: body (400 naming the field), token when present (401), conversation exists
 * (404) and belongs to businessId (400), ownership (403), business exists (404) and is approved
 * (403), conversation not expired (400 'failed-precondition'), a PHONE_SIGN_IN resume carries a valid token (401). Only
 * the first entry of resume.respond is acted on. Injected fault: 'chat' (after the checks).
 *
 * The assistant (built-in or a scenario, see scenarios/assistant-switch.ts) writes the turn through
 * chat-turn-writer.ts, which applies its effects the same way whoever answered: fail with a status,
 * move the clock, drop the conversation's live stream, wait a typing delay; this route then streams
 * the reply at the turn's pace.
 */
import { Router } from 'express';
import type { AssistantInput } from '@chat/assistant';
import {
  CHAT_PATH,
  isChatEnabled,
  isConversationExpired,
  normaliseSmartReplies,
  ProviderError,
} from '@chat/core';
import type { ChatInterrupt, ChatResponse } from '@chat/core';
import type { ControllableClock } from '../clock.js';
import type { Faults } from '../faults.js';
import type { Identity } from '../identity/index.js';
import type { ReplyStreamer } from '../live/reply-streamer.js';
import type { AssistantSwitch } from '../scenarios/assistant-switch.js';
import type { DocumentStore } from '../store/memory-store.js';
import { assertConversationAccess, requestUser } from './auth.js';
import { createChatTurnWriter } from './chat-turn-writer.js';
import { parseOrThrow, throwFault } from './errors.js';
import { ChatResumeBody, ChatSendBody } from './strict-bodies.js';

export interface ChatRoutesOptions {
  store: DocumentStore;
  identity: Identity;
  assistant: AssistantSwitch;
  streamer: ReplyStreamer;
  faults: Faults;
  clock: ControllableClock;
  /** Breaks every live message stream of the conversation (a turn's `dropLiveStream`). */
  dropLiveStream(conversationId: string): void;
}

/** Core's ChatRequestBodySchema, split by the presence of `resume` so errors name the right field. */
function parseChatBody(body: unknown) {
  const isResume = typeof body === 'object' && body !== null && 'resume' in body;
  return isResume
    ? ({ kind: 'resume', ...parseOrThrow(ChatResumeBody, body) } as const)
    : ({ kind: 'message', ...parseOrThrow(ChatSendBody, body) } as const);
}

export function chatRoutes({
  store,
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
    const conversation = store.getConversation(body.conversationId);
    if (!conversation) throw new ProviderError('not-found', `Conversation ${body.conversationId} not found`);
    if (conversation.businessId !== body.businessId) {
      throw new ProviderError(
        'invalid-argument',
        `businessId: conversation ${conversation.id} belongs to another business`,
      );
    }
    assertConversationAccess(conversation, user);
    const business = store.getBusiness(body.businessId);
    if (!business) throw new ProviderError('not-found', `Business ${body.businessId} not found`);
    if (!isChatEnabled(business)) {
      throw new ProviderError('permission-denied', `Business ${business.id} is not approved for chatting`);
    }
    const nowMs = clock.now();
    if (isConversationExpired(conversation, nowMs)) {
      // Its own code, so the page can tell "this conversation is over, start a new one" (§4) from a
      // request it got wrong.
      throw new ProviderError(
        'failed-precondition',
        `conversationId: conversation ${conversation.id} has expired`,
      );
    }

    let request: AssistantInput['request'];
    if (body.kind === 'resume') {
      const { toolRequest, response } = body.resume.respond[0]!;
      if (response.action === 'PHONE_SIGN_IN' && !user) {
        throw new ProviderError(
          'unauthenticated',
          'A PHONE_SIGN_IN resume needs the bearer token of the signed-in visitor',
        );
      }
      const declined = response.declined ?? response.action === 'PHONE_SIGN_IN_DECLINED';
      request = { kind: 'resume', action: response.action, declined, toolRequest };
    } else {
      request = { kind: 'message', text: body.message };
    }

    const fault = faults.take('chat');
    if (fault) throwFault(fault, 'chat');

    const { writer, turn } = createChatTurnWriter({
      clock,
      dropLiveStream: () => dropLiveStream(conversation.id),
      remember: (memory) => assistant.remember(conversation.id, memory),
    });
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
    const smartReplies = turn.smartReplies ? normaliseSmartReplies(turn.smartReplies) : [];
    if (turn.reply) {
      streamer.start(
        conversation.id,
        { text: turn.reply, ...(smartReplies.length > 0 ? { smartReplies } : {}) },
        turn.streaming,
      );
    }
    const answer: ChatResponse = {};
    if (turn.smartReplies && turn.smartReplies.length > 0) answer.smartReplies = turn.smartReplies;
    if (turn.interrupt) {
      // The interrupt's auth message is stored after the reply, so a reload (on any backend) finds
      // it pending until the visitor answers it (docs/decisions/0010-stored-auth-message.md).
      store.addMessage(conversation.id, {
        role: 'model',
        type: 'auth',
        text: turn.interrupt.message,
        toolRequest: turn.interrupt.toolRequest,
      });
      const interrupt: ChatInterrupt = {
        toolRequest: turn.interrupt.toolRequest,
        metadata: { interrupt: { message: turn.interrupt.message } },
      };
      answer.interrupts = [interrupt];
    }
    res.json(answer);
  });

  return router;
}
