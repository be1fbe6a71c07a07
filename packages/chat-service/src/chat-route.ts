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
import { chatAnswer, checkChatTurn, parseChatBody, sendError } from '@chat/server-http';
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
  perConversation: WindowLimiter;
  logger: Logger;
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
    // nothing, and none of it leaves this process.
    const nowMs = options.now();
    const reads = Promise.allSettled([
      store.read(body.conversationId, body.businessId),
      store.history(body.conversationId),
      store.memory(body.conversationId),
    ]);
    const user = await requestUser(auth, req);
    const [documentsRead, historyRead, memoryRead] = await reads;
    const { conversation, business, request } = checkChatTurn({
      body,
      user,
      ...valueOf(documentsRead),
      nowMs,
    });
    const [history, memory] = [valueOf(historyRead), valueOf(memoryRead)];

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
