/**
 * POST /api/chat on Firestore (README "What the chat service must implement"): the same checks and
 * answers as the mock server's route (@chat/server-http), then one assistant turn written through
 * firestore-turn-writer.ts. The HTTP answer is sent when the turn is completely stored: Cloud Run
 * gives a request's CPU only until its answer, and the page shows the reply growing meanwhile.
 *
 * Nothing of a conversation is kept in this process between requests: the conversation, its
 * business, history and the assistant's memory are read from Firestore on every turn.
 */
import type { Assistant, TurnStreaming } from '@chat/assistant';
import { CHAT_PATH } from '@chat/core';
import { callerGone, chatAnswer, checkChatTurn, parseChatBody, sendError } from '@chat/server-http';
import { Router } from 'express';
import type { Logger } from 'pino';
import type { ChatStore } from './firestore-chat-store.js';
import { createFirestoreTurnWriter } from './firestore-turn-writer.js';
import type { TokenVerifier } from './id-token.js';
import { requestUser } from './id-token.js';
import type { WindowLimiter } from './window-limiter.js';

export interface ChatRouteOptions {
  store: ChatStore;
  auth: TokenVerifier;
  assistant: Assistant;
  now: () => number;
  pace: TurnStreaming;
  minWriteIntervalMs: number;
  /** How long a turn waits for the visitor's message the page is still saving (decision 0025). */
  savedMessageWaitMs: number;
  perConversation: WindowLimiter;
  logger: Logger;
}

/** The promise's outcome, never rejecting: a read that is not awaited yet cannot go unhandled. */
function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then(
    (value) => ({ status: 'fulfilled', value }),
    (reason: unknown) => ({ status: 'rejected', reason }),
  );
}

/** A settled promise's value, or its failure thrown. */
function valueOf<T>(result: PromiseSettledResult<T>): T {
  if (result.status === 'rejected') throw result.reason;
  return result.value;
}

export function chatRoute(options: ChatRouteOptions): Router {
  const { store, auth, assistant, logger } = options;
  const router = Router();

  router.post(CHAT_PATH, async (req, res) => {
    const body = parseChatBody(req.body);
    if (!options.perConversation.take(body.conversationId)) {
      sendError(
        res,
        'too-many-requests',
        'Too many messages in this conversation; wait a moment and try again',
      );
      return;
    }
    // The token's verification (an Auth call: revocation is checked) and the turn's reads go out
    // together, one round trip instead of three. A bad token is refused as soon as it is known (401
    // whatever the reads find, as when they ran one after the other), without waiting for the reads;
    // otherwise their answers are taken in the old order. A refused turn has read the history for
    // nothing, and none of it leaves this process. When the page asks while still saving its message
    // (`messageId`, decision 0025), the turn also waits until that message is stored — so its reply is
    // stored after it — and the assistant's history has it, read beside the history or after it.
    const nowMs = options.now();
    const documentsRead = settled(store.read(body.conversationId, body.businessId));
    const saved =
      body.kind === 'message' && body.messageId
        ? store.savedMessage(body.conversationId, body.messageId, options.savedMessageWaitMs, callerGone(res))
        : Promise.resolve(null);
    const historyRead = settled(
      Promise.all([store.history(body.conversationId), saved]).then(([history, message]) =>
        message && !history.some((m) => m.id === message.id) ? [...history, message] : history,
      ),
    );
    const memoryRead = settled(store.memory(body.conversationId));
    const user = await requestUser(auth, req);
    const { conversation, business, request } = checkChatTurn({
      body,
      user,
      ...valueOf(await documentsRead),
      nowMs,
    });
    const history = valueOf(await historyRead);
    const memory = valueOf(await memoryRead);

    const { writer, turn, endReply } = createFirestoreTurnWriter({
      message: store.newMessage(conversation.id),
      pace: options.pace,
      minWriteIntervalMs: options.minWriteIntervalMs,
      logger,
    });
    let failure: unknown = null;
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
          memory,
        },
        writer,
      );
    } catch (error) {
      failure = error;
    }
    // Even after a failure: what was written is ended (never left streaming) and the memory is kept.
    const reply = await endReply();
    await store.endTurn({
      conversationId: conversation.id,
      reply,
      interrupt: failure ? null : turn.interrupt,
      memory: turn.memory,
    });
    // A ProviderError (a scripted failure status) is answered as it is; anything else is logged and 500.
    if (failure) throw failure;
    res.json(chatAnswer({ smartReplies: turn.smartReplies, interrupt: turn.interrupt ?? undefined }));
  });

  return router;
}
