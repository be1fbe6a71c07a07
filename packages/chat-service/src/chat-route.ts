/**
 * POST /api/chat on Firestore (README "What the chat service must implement"): the same checks and
 * answers as the mock server's route (@chat/server-http), then one assistant turn written through
 * firestore-turn-writer.ts. The HTTP answer is sent when the turn is completely stored: Cloud Run
 * gives a request's CPU only until its answer, and the page shows the reply growing meanwhile.
 *
 * Nothing of a conversation is kept in this process between requests: the conversation, its
 * business, history and the assistant's memory are read from Firestore on every turn.
 *
 * One answer per question (issue 27): a call naming the message it answers claims that message's turn
 * (firestore-answered-turns.ts) once the checks pass — while the turn still waits for the message to
 * be stored, so the claim costs no time on the way to the reply — and a repeated call, from this
 * instance or another, is answered what the first was: no second reply, no second model call. The
 * reply's id is derived from the message answered and created with a precondition. What the turn
 * passes to the business's team becomes one feed item, from the verified token only.
 */
import type { Assistant, TurnStreaming } from '@chat/assistant';
import { CHAT_PATH, ProviderError } from '@chat/core';
import {
  assertResumable,
  callerGone,
  chatAnswer,
  checkChatTurn,
  failedOutcome,
  parseChatBody,
  passToTeam,
  replyMessageId,
  sendError,
  TURN_WAIT_MS,
} from '@chat/server-http';
import type { TurnClaim } from '@chat/server-http';
import type { Drain } from '@chat/server-http';
import { Router } from 'express';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { ChatStore } from './firestore-chat-store.js';
import { createFirestoreTurnWriter } from './firestore-turn-writer.js';
import type { TokenVerifier } from './id-token.js';
import { requestUser } from './id-token.js';
import type { CallLimits, CallRefusal, CallVerdict, CallWindow } from './firestore-call-limits.js';
import { LOGGED_CONVERSATION } from './request-log.js';

export interface ChatRouteOptions {
  store: ChatStore;
  auth: TokenVerifier;
  assistant: Assistant;
  now: () => number;
  pace: TurnStreaming;
  minWriteIntervalMs: number;
  /** How long a turn waits for the visitor's message the page is still saving (decision 0025). */
  savedMessageWaitMs: number;
  /** The fair limits shared by every instance (Firestore). */
  limits: CallLimits;
  /** Calls per visitor: the verified uid, else the client address (req.ip under `trust proxy`). */
  visitorWindow: CallWindow;
  /** Calls per conversation, messages and resumes alike. */
  conversationWindow: CallWindow;
  /** The shutdown's view of the turns in flight (a turn it cuts ends its reply as cut: drain.ts). */
  drain: Drain;
  /** How long a streaming reply's writer is believed alive after a write (abandoned-replies.ts). */
  leaseMs: number;
  logger: Logger;
}

const LIMIT_MESSAGES: Record<CallRefusal['kind'], string> = {
  visitor: 'You have sent many messages; wait a while and try again',
  conversation: 'This conversation has had many messages; wait a while and try again',
};

/** What a call over one of its limits is answered: 429 with the page's polite message. */
function overLimit(refusal: CallRefusal): ProviderError {
  return new ProviderError('too-many-requests', LIMIT_MESSAGES[refusal.kind], 429);
}

/** Answers a call over one of its limits, and when it may try again. */
function refuseOverLimit(res: Response, refusal: CallRefusal): void {
  const error = overLimit(refusal);
  res.set('Retry-After', String(Math.max(1, Math.ceil(refusal.retryAfterMs / 1000))));
  sendError(res, error.code, error.message);
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
    res.locals[LOGGED_CONVERSATION] = body.conversationId;
    // The token's verification (an Auth call: revocation is checked) and the turn's reads go out
    // together, one round trip instead of three. A bad token is refused as soon as it is known (401
    // whatever the reads find, as when they ran one after the other), without waiting for the reads;
    // otherwise their answers are taken in the old order. A refused turn has read the history for
    // nothing, and none of it leaves this process. When the page asks while still saving its message
    // (`messageId`, decision 0025), the turn also waits until that message is stored — so its reply is
    // stored after it — and the assistant's history has it, read beside the history or after it.
    const nowMs = options.now();
    const withdrawn = callerGone(res);
    const answered = body.messageId ?? null;
    const documentsRead = settled(store.read(body.conversationId, body.businessId));
    const saved = answered
      ? store.savedMessage(body.conversationId, answered, options.savedMessageWaitMs, withdrawn)
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
    // The call's counters are read beside the turn's documents (a plain read: nothing is counted yet,
    // and a counter already full refuses the call from it); the call is counted only once the turn is
    // known to be one an assistant answers.
    const counterRead = settled(
      options.limits.read([
        {
          kind: 'visitor',
          // No address can only be a socket already gone; the conversation then stands for the visitor.
          key: user ? `uid:${user.uid}` : req.ip ? `ip:${req.ip}` : `conversation:${body.conversationId}`,
          limit: options.visitorWindow,
        },
        { kind: 'conversation', key: body.conversationId, limit: options.conversationWindow },
      ]),
    );
    const { conversation, business, request } = checkChatTurn({
      body,
      user,
      ...valueOf(await documentsRead),
      nowMs,
    });
    const counters = valueOf(await counterRead);
    if (counters.full) {
      refuseOverLimit(res, counters.full);
      return;
    }
    // Counted and claimed together (one answer per question, issue 27), while the message may still
    // be on its way: the two transactions and the history read above cost the reply one round trip.
    // A call over its limit after all gives its claim back as failed, so that a later call may run it.
    const counting = counters.take();
    const claiming: Promise<TurnClaim> = answered
      ? store.turns.claim(conversation.id, answered, { nowMs, waitMs: TURN_WAIT_MS, withdrawn })
      : Promise.resolve({ run: true, attempt: 1 });
    claiming.catch(() => undefined);
    const releaseClaim = (error: unknown) => {
      if (!answered) return;
      void claiming
        .then((claim) =>
          claim.run
            ? store.turns.settle(conversation.id, answered, claim.attempt, failedOutcome(error))
            : undefined,
        )
        .catch((settleError: unknown) =>
          logger.warn({ err: settleError }, 'a refused turn could not give its claim back'),
        );
    };
    let counted: CallVerdict;
    try {
      counted = await counting;
    } catch (error) {
      releaseClaim(error);
      throw error;
    }
    if (!counted.ok) {
      releaseClaim(overLimit(counted));
      refuseOverLimit(res, counted);
      return;
    }
    const claim = await claiming;
    if (!claim.run) {
      res.json(claim.answer);
      return;
    }
    try {
      res.json(await runTurn(claim.attempt));
    } catch (thrown) {
      const error = deletedMidTurn(thrown) ? conversationDeleted(conversation.id) : thrown;
      // Its claim went with it: nothing left to settle.
      if (answered && error === thrown) {
        await store.turns
          .settle(conversation.id, answered, claim.attempt, failedOutcome(error))
          .catch((settleError: unknown) =>
            logger.warn({ err: settleError }, 'a failed turn could not be settled'),
          );
      }
      throw error;
    }

    async function runTurn(attempt: number) {
      const history = valueOf(await historyRead);
      assertResumable(request, conversation.id, history);
      const memory = valueOf(await memoryRead);
      await abandonedEnded;

      // What this turn writes is deleted with the conversation's data (the TTL field, README "Data lifetime").
      const deleteAt = store.deleteAt(conversation);
      const { writer, turn, endReply } = createFirestoreTurnWriter({
        deleteAt,
        message: store.newMessage(
          conversation.id,
          answered ? replyMessageId(conversation.id, answered, attempt) : undefined,
        ),
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
            ...(body.language ? { language: body.language } : {}),
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
      if (outcome === 'cut') failure = options.drain.cutError(res);
      // Even after a failure or a cut: what was written is ended (never left streaming) and the memory
      // is kept; a reply the assistant did not finish is marked cut, so the page offers 'Try again'.
      const reply = await endReply({ cut: outcome !== 'done' });
      if (outcome === 'cut') {
        logger.warn({ conversationId: conversation.id, messageId: reply?.id }, 'reply cut by the shutdown');
      }
      const answer = chatAnswer({ smartReplies: turn.smartReplies, interrupt: turn.interrupt ?? undefined });
      await Promise.all([
        store.endTurn({
          conversationId: conversation.id,
          deleteAt,
          reply,
          interrupt: failure ? null : turn.interrupt,
          memory: turn.memory,
          answered: answered && !failure ? { messageId: answered, answer } : null,
        }),
        // An unnamed call (an older page, a script) keys the item by the reply it wrote.
        !failure && turn.passToTeam
          ? passToTeam(
              {
                request: turn.passToTeam,
                user,
                conversationId: conversation.id,
                messageId: answered ?? reply?.id ?? null,
              },
              (item) => store.addTeamRequest(business.id, item),
              logger,
            )
          : null,
      ]);
      // A ProviderError (a scripted failure status) is answered as it is; anything else is logged and 500.
      if (failure) throw failure;
      return answer;
    }
  }

  return router;
}

/** gRPC NOT_FOUND: an update of a document that is not there. */
const NOT_FOUND = 5;

/**
 * A turn's writes update only the reply and the conversation, which are gone together only when the
 * conversation is deleted (the visitor's or the retention job's delete) while the turn runs. The caller
 * is told its conversation is gone (404, as a later call would be), not an internal error an operator
 * would be paged for.
 */
function deletedMidTurn(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === NOT_FOUND;
}

function conversationDeleted(conversationId: string): ProviderError {
  return new ProviderError(
    'not-found',
    `Conversation ${conversationId} was deleted while its reply was written`,
  );
}
