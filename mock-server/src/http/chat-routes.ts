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
 * to be stored (saved-message.ts); once the turn is claimed, a resume must have a phone sign-in to
 * answer (assertResumable). Injected fault: 'chat' (after the checks).
 *
 * The assistant (built-in, language model or a scenario, see scenarios/assistant-switch.ts) writes the turn through
 * chat-turn-writer.ts, which applies its effects the same way whoever answered: fail with a status,
 * move the clock, drop the conversation's live stream, wait a typing delay; this route then streams
 * the reply at the turn's pace.
 *
 * One answer per question (issue 27): a call that names the message it answers claims that message's
 * turn first (@chat/server-http's AnsweredTurns, here in memory); a repeated call is answered what the
 * first was, with no second reply. What the turn passes to the business's team (a booking request, a
 * hand-off) becomes one item of the business's feed, with the verified caller's phone and name, under
 * an id derived from the answered message: a repeated turn never writes a second item.
 */
import { Router } from 'express';
import {
  assertResumable,
  callerGone,
  chatAnswer,
  checkChatTurn,
  failedOutcome,
  parseChatBody,
  passToTeam,
  replyMessageId,
  TURN_WAIT_MS,
} from '@chat/server-http';
import type { AnsweredTurns } from '@chat/server-http';
import { CHAT_PATH, MAX_MESSAGE_LENGTH, normaliseSmartReplies } from '@chat/core';
import type { Message, SmartReply } from '@chat/core';
import type { Logger } from 'pino';
import type { ControllableClock } from '../clock.js';
import type { Faults } from '../faults.js';
import type { Identity } from '../identity/index.js';
import type { ReplyStreamer } from '../live/reply-streamer.js';
import type { AssistantSwitch } from '../scenarios/assistant-switch.js';
import type { DocumentStore } from '../store/memory-store.js';
import { bearerToken, requestUser } from './auth.js';
import type { VisitorSessions } from '../identity/visitor-sessions.js';
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
  /** The turns claimed per answered message (one answer per question). */
  turns: AnsweredTurns;
  logger: Logger;
  /** Told which signed-in session spoke in a conversation (the console's "verified"). */
  visitors?: VisitorSessions;
}

/**
 * The id of the reply `attempt` writes, or of the first later attempt whose reply is not stored yet.
 * The claims are kept in memory and the messages in the data file: after a restart, a 'Try again' of
 * a reply cut by the crash is attempt 1 again, and its reply must not grow the cut one (regression).
 */
function unusedReplyId(
  history: readonly Message[],
  conversationId: string,
  answered: string,
  attempt: number,
) {
  const stored = new Set(history.map((message) => message.id));
  let next = attempt;
  while (stored.has(replyMessageId(conversationId, answered, next))) next += 1;
  return replyMessageId(conversationId, answered, next);
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
  turns,
  logger,
  visitors,
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
    const answered = body.messageId ?? null;
    const withdrawn = AbortSignal.any([closing, callerGone(res)]);
    const token = bearerToken(req);
    if (user !== null && token !== null) await visitors?.saw(conversation.id, token);
    if (answered) await savedMessage(store, conversation.id, answered, { withdrawn });

    const fault = faults.take('chat');
    if (fault) throwFault(fault, 'chat');

    let attempt = 1;
    if (answered) {
      const claim = await turns.claim(conversation.id, answered, { nowMs, waitMs: TURN_WAIT_MS, withdrawn });
      if (!claim.run) {
        res.json(claim.answer);
        return;
      }
      attempt = claim.attempt;
    }
    try {
      const answer = await runTurn(attempt);
      if (answered) await turns.settle(conversation.id, answered, attempt, { state: 'answered', answer });
      res.json(answer);
    } catch (error) {
      if (answered) await turns.settle(conversation.id, answered, attempt, failedOutcome(error));
      throw error;
    }

    async function runTurn(attempt: number) {
      const history = store.messages(conversation.id);
      assertResumable(request, conversation.id, history);
      const replyId = answered ? unusedReplyId(history, conversation.id, answered, attempt) : undefined;
      const { writer, turn } = createChatTurnWriter({
        clock,
        store,
        conversationId: conversation.id,
        replyId,
        dropLiveStream: () => dropLiveStream(conversation.id),
        remember: (memory) => assistant.remember(conversation.id, memory),
      });
      /** Ends a reply stored as it arrived (a language model's), with its smart replies. */
      const endLiveReply = (smartReplies: SmartReply[], cut = false) =>
        store.growMessage(conversation.id, turn.liveMessageId!, {
          ...(cut ? { cut: true as const } : {}),
          appendText: '',
          streaming: false,
          ...(smartReplies.length > 0 ? { smartReplies } : {}),
        });
      try {
        await assistant.respond(
          {
            business,
            conversation,
            history,
            nowMs,
            signedIn: user !== null,
            userTimezone: body.userTimezone,
            ...(body.language ? { language: body.language } : {}),
            request,
            memory: assistant.memoryOf(conversation.id),
          },
          writer,
        );
      } catch (error) {
        // What was stored before the failure is ended as it is: no message stays streaming.
        // Cut: the page offers 'Try again' for it, as for the production chat service's.
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
      let writtenId: string | null = turn.liveMessageId ?? null;
      if (turn.liveMessageId) {
        endLiveReply(smartReplies);
        if (!turn.interrupt) settleLastMessage(turn.liveMessageId, turn.reply);
      } else if (turn.reply) {
        const reply = streamer.start(
          conversation.id,
          {
            ...(replyId ? { id: replyId } : {}),
            text: turn.reply,
            ...(smartReplies.length > 0 ? { smartReplies } : {}),
          },
          turn.streaming,
        );
        const text = turn.reply;
        writtenId = reply.created.message.id;
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
        writtenId ??= auth.message.id;
      }
      // An unnamed call (an older page, a script) keys the item by the turn's own first message.
      if (turn.passToTeam) {
        const messageId = answered ?? writtenId;
        await passToTeam(
          { request: turn.passToTeam, user, conversationId: conversation.id, messageId },
          (item) => store.addTeamRequest(business.id, item),
          logger,
        );
      }
      return chatAnswer(turn);
    }
  });

  return router;
}
