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
import type { Drain } from '@chat/server-http';
import { Router } from 'express';
import type { Request, Response } from 'express';
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
  /** The shutdown's view of the turns in flight (a turn it cuts ends its reply as cut: drain.ts). */
  drain: Drain;
  /** How long a streaming reply's writer is believed alive after a write (abandoned-replies.ts). */
  leaseMs: number;
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
    const inFlight = options.drain.begin();
    try {
      await takeTurn(req, res, inFlight.cut);
    } finally {
      inFlight.end();
    }
  });

  async function takeTurn(req: Request, res: Response, cutSignal: AbortSignal): Promise<void> {
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
    // A reply left streaming by a writer that died is ended as cut before this turn writes its own.
    const abandonedEnded = store.endAbandonedReplies(body.conversationId).catch((error: unknown) => {
      logger.warn(
        { conversationId: body.conversationId, err: error },
        'could not look for abandoned replies',
      );
    });
    const user = await requestUser(auth, req);
    const { conversation, business, request } = checkChatTurn({
      body,
      user,
      ...valueOf(await documentsRead),
      nowMs,
    });
    const history = valueOf(await historyRead);
    const memory = valueOf(await memoryRead);
    await abandonedEnded;

    const { writer, turn, endReply } = createFirestoreTurnWriter({
      message: store.newMessage(conversation.id),
      pace: options.pace,
      minWriteIntervalMs: options.minWriteIntervalMs,
      leaseMs: options.leaseMs,
      logger,
    });
    let failure: unknown = null;
    // The shutdown cannot wait any longer (drain.ts): the turn stops where it is, whatever the
    // assistant is still doing (its later text is dropped, its failure ignored).
    const cutRequested = new Promise<'cut'>((resolve) => {
      if (cutSignal.aborted) resolve('cut');
      else cutSignal.addEventListener('abort', () => resolve('cut'), { once: true });
    });
    const responded = assistant
      .respond(
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
      )
      .then(
        () => 'done' as const,
        (error: unknown) => {
          failure = error;
          return 'failed' as const;
        },
      );
    const outcome = await Promise.race([responded, cutRequested]);
    const cut = outcome === 'cut';
    // Even after a failure or a cut: what was written is ended (never left streaming) and the memory is
    // kept; a reply the assistant did not finish is marked cut, so the page offers 'Try again'.
    const reply = await endReply({ cut: outcome !== 'done' });
    await store.endTurn({
      conversationId: conversation.id,
      reply,
      interrupt: outcome === 'done' ? turn.interrupt : null,
      memory: turn.memory,
    });
    if (cut) {
      logger.warn({ conversationId: conversation.id, messageId: reply?.id }, 'reply cut by the shutdown');
      options.drain.refuse(res);
      return;
    }
    // A ProviderError (a scripted failure status) is answered as it is; anything else is logged and 500.
    if (outcome === 'failed') throw failure;
    res.json(chatAnswer({ smartReplies: turn.smartReplies, interrupt: turn.interrupt ?? undefined }));
  }

  return router;
}
