/**
 * One answer per question on Firestore (issue 27; the idea and its rules in @chat/server-http's
 * answered-turns.ts): the turn answering a message is claimed in
 * `conversations/{conversationId}/turns/{messageId}` — no rule matches it, so clients can neither read
 * nor write it — with `create()` (fails if it exists), so of two calls, two retries or two instances,
 * one runs the turn. The others read what it answered, or listen until it has.
 *
 * A claim: `{ state: 'running' | 'answered' | 'failed', attempt, startedAtMs, answer?, failure? }`. The
 * answer is written in the batch that ends the turn (no extra write on the way to the reply); a failed
 * turn, or a running one whose instance died (older than TURN_LEASE_MS), is run again as the next
 * attempt, decided in a transaction so two retries cannot both take it. So is a running one whose
 * reply shows its writer gone before the lease says so — the reply cut, or streaming past its own
 * lease (abandoned-replies.ts): a 'Try again' after a `kill -9` is answered at once, not refused
 * after a minute's wait (regression).
 */
import type {
  DocumentReference,
  Firestore,
  Timestamp,
  Transaction,
  WriteBatch,
} from 'firebase-admin/firestore';
import { FieldValue } from 'firebase-admin/firestore';
import { ProviderError, TTL_FIELD } from '@chat/core';
import type { ChatResponse } from '@chat/core';
import { leaseExpired, replyMessageId } from '@chat/server-http';
import type { AnsweredTurns, TurnClaim, TurnOutcome } from '@chat/server-http';
import { leaseLapsed } from './abandoned-replies.js';

export const TURNS_COLLECTION = 'turns';

/** A claim as stored. */
interface StoredTurn {
  state: 'running' | 'answered' | 'failed';
  attempt: number;
  startedAtMs: number;
  answer?: ChatResponse;
  failure?: Extract<TurnOutcome, { state: 'failed' }>;
}

/** gRPC ALREADY_EXISTS: a `create()` found the document there. */
const ALREADY_EXISTS = 6;

export function isAlreadyExists(error: unknown): boolean {
  return (error as { code?: unknown }).code === ALREADY_EXISTS;
}

export interface FirestoreAnsweredTurns extends AnsweredTurns {
  /** Adds the answered outcome to the batch that ends the turn. */
  settleIn(batch: WriteBatch, conversationId: string, messageId: string, answer: ChatResponse): void;
}

/** Firestore refuses undefined: what is stored goes through JSON. */
const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * `deleteAtFor(nowMs)`: the TTL field's value for a claim made at `nowMs` (the chat store's retention),
 * so the claims of a conversation go with its messages (README "Data lifetime"). `leaseMs`: how long a
 * streaming reply's writer is believed alive after a write (abandoned-replies.ts).
 */
export function createFirestoreAnsweredTurns(
  db: Firestore,
  deleteAtFor: (nowMs: number) => Timestamp,
  leaseMs: number,
): FirestoreAnsweredTurns {
  const conversationRef = (conversationId: string) => db.collection('conversations').doc(conversationId);
  const turnRef = (conversationId: string, messageId: string) =>
    conversationRef(conversationId).collection(TURNS_COLLECTION).doc(messageId);
  /** Whether the reply of a running attempt shows its writer gone: cut, or streaming past its lease. */
  const writerGone = async (
    tx: Transaction,
    conversationId: string,
    messageId: string,
    attempt: number,
    nowMs: number,
  ): Promise<boolean> => {
    const replyId = replyMessageId(conversationId, messageId, attempt);
    const reply = await tx.get(conversationRef(conversationId).collection('messages').doc(replyId));
    if (!reply.exists) return false;
    return (
      reply.get('cut') === true || (reply.get('streaming') === true && leaseLapsed(reply, leaseMs, nowMs))
    );
  };
  const running = (attempt: number, nowMs: number) => ({
    state: 'running',
    attempt,
    startedAtMs: nowMs,
    updatedAt: FieldValue.serverTimestamp(),
    [TTL_FIELD]: deleteAtFor(nowMs),
  });

  return {
    async claim(conversationId, messageId, { nowMs, waitMs, withdrawn }) {
      const ref = turnRef(conversationId, messageId);
      try {
        await ref.create(running(1, nowMs));
        return { run: true, attempt: 1 };
      } catch (error) {
        if (!isAlreadyExists(error)) throw error;
      }
      for (;;) {
        const decided = await db.runTransaction(async (tx): Promise<TurnClaim | { waitFor: number }> => {
          const snapshot = await tx.get(ref);
          const turn = snapshot.data() as StoredTurn | undefined;
          if (!turn) {
            tx.create(ref, running(1, nowMs));
            return { run: true, attempt: 1 };
          }
          if (turn.state === 'answered') return { run: false, answer: turn.answer ?? {} };
          if (
            turn.state === 'failed' ||
            leaseExpired(turn.startedAtMs, nowMs) ||
            (turn.state === 'running' &&
              (await writerGone(tx, conversationId, messageId, turn.attempt, nowMs)))
          ) {
            tx.set(ref, running(turn.attempt + 1, nowMs));
            return { run: true, attempt: turn.attempt + 1 };
          }
          return { waitFor: turn.attempt };
        });
        if (!('waitFor' in decided)) return decided;
        const waitedFrom = Date.now();
        const turn = await settledTurn(ref, decided.waitFor, waitMs, withdrawn);
        if (turn.state === 'answered') return { run: false, answer: turn.answer ?? {} };
        // The attempt failed (claimed again, see AnsweredTurns: one waiting caller runs a new attempt)
        // or another took it over meanwhile (a lease ran out): decide again, at the time it is now.
        nowMs += Date.now() - waitedFrom;
      }
    },

    async settle(conversationId, messageId, attempt, outcome) {
      const ref = turnRef(conversationId, messageId);
      await db.runTransaction(async (tx) => {
        const turn = (await tx.get(ref)).data() as StoredTurn | undefined;
        if (!turn || turn.attempt !== attempt || turn.state !== 'running') return;
        tx.update(
          ref,
          outcome.state === 'answered'
            ? { state: 'answered', answer: plain(outcome.answer), updatedAt: FieldValue.serverTimestamp() }
            : { state: 'failed', failure: plain(outcome), updatedAt: FieldValue.serverTimestamp() },
        );
      });
    },

    settleIn(batch, conversationId, messageId, answer) {
      batch.update(turnRef(conversationId, messageId), {
        state: 'answered',
        answer: plain(answer),
        updatedAt: FieldValue.serverTimestamp(),
      });
    },
  };
}

/**
 * The claim once attempt `attempt` is no longer running (answered, failed, or taken over), by a
 * listener; 'unavailable' after `waitMs` or when the caller withdraws.
 */
function settledTurn(
  ref: DocumentReference,
  attempt: number,
  waitMs: number,
  withdrawn: AbortSignal,
): Promise<StoredTurn> {
  return new Promise((resolve, reject) => {
    const done = (settle: () => void) => {
      clearTimeout(timer);
      unsubscribe();
      withdrawn.removeEventListener('abort', onWithdrawn);
      settle();
    };
    const onWithdrawn = () =>
      done(() => reject(new ProviderError('unavailable', 'The caller withdrew the request')));
    withdrawn.addEventListener('abort', onWithdrawn);
    const timer = setTimeout(
      () =>
        done(() =>
          reject(new ProviderError('unavailable', 'The turn answering this message is still running')),
        ),
      waitMs,
    );
    const unsubscribe = ref.onSnapshot(
      (snapshot) => {
        const turn = snapshot.data() as StoredTurn | undefined;
        if (turn && (turn.state !== 'running' || turn.attempt !== attempt)) done(() => resolve(turn));
      },
      (error) => done(() => reject(error)),
    );
    if (withdrawn.aborted) onWithdrawn();
  });
}
