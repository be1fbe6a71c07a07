/**
 * One answer per question (issue 27), on both chat servers: a chat call names the message it answers
 * (`messageId`: the visitor's message for a send and a 'Try again', the notice or reply the page saved
 * before a resume), and the turn answering it is claimed with a precondition before the assistant is
 * asked. A repeated call, a double-clicked Retry, a resume sent twice or a second instance then finds
 * the claim: it is answered what the first call answered (waiting for it when it is still running),
 * and no second reply is written nor a second model call made. A turn that failed (or whose instance
 * died: its claim is older than TURN_LEASE_MS) may be run again — a new attempt, with a reply of its own.
 * A call waiting for an attempt that fails claims the turn again rather than taking that failure: it
 * was the other call's (its caller withdrew — a reload, a save that timed out — or its assistant
 * failed), and this caller still wants an answer.
 *
 * Each server keeps its claims where it keeps its state: the mock server in memory, the production
 * chat service in Firestore (`conversations/{id}/turns/{messageId}`, which no rule opens to clients).
 */
import { createHash } from 'node:crypto';
import { ProviderError } from '@chat/core';
import type { ChatResponse, ErrorCode } from '@chat/core';

/** How long a call waits for the same message's turn running elsewhere: the page's own 60 s. */
export const TURN_WAIT_MS = 60_000;

/** A claim still running after this long belongs to an instance that died: the turn may run again. */
export const TURN_LEASE_MS = 90_000;

/** How a claimed turn ended. */
export type TurnOutcome =
  | { state: 'answered'; answer: ChatResponse }
  | { state: 'failed'; code: ErrorCode; message: string; status?: number };

/** What a caller is to do: run the turn (as this attempt), or answer what the turn already answered. */
export type TurnClaim = { run: true; attempt: number } | { run: false; answer: ChatResponse };

export interface AnsweredTurns {
  /**
   * Claims the turn answering `messageId`. Resolves `run` for the caller that must run it; the stored
   * answer when it was answered; waits (up to `waitMs`) for a claim still running and resolves its
   * answer — or, when that attempt fails, claims again (the failure was the other call's: its caller
   * withdrew, or its assistant failed), so that this caller is answered by a new attempt. Rejects
   * 'unavailable' when `withdrawn` aborts first.
   */
  claim(
    conversationId: string,
    messageId: string,
    options: { nowMs: number; waitMs: number; withdrawn: AbortSignal },
  ): Promise<TurnClaim>;
  /** Records how the claimed attempt ended, for the calls that wait and the calls to come. */
  settle(conversationId: string, messageId: string, attempt: number, outcome: TurnOutcome): Promise<void>;
}

/**
 * The id of the reply written by `attempt` of the turn answering `messageId`: derived, so that a reply
 * can only be created once (Firestore `create`, the mock store's add under an id), and short and
 * within the document id pattern whatever the message id is.
 */
export function replyMessageId(conversationId: string, messageId: string, attempt: number): string {
  const digest = createHash('sha256').update(`${conversationId}/${messageId}/${attempt}`).digest('base64url');
  return `reply-${digest.slice(0, 24)}`;
}

/** The outcome of a turn that threw `error`, as stored with its claim. */
export function failedOutcome(error: unknown): TurnOutcome {
  if (error instanceof ProviderError) {
    return {
      state: 'failed',
      code: error.code,
      message: error.message,
      ...(error.status !== undefined ? { status: error.status } : {}),
    };
  }
  return { state: 'failed', code: 'internal', message: 'The assistant failed this turn' };
}

/** Whether a running claim started at `startedAtMs` has outlived its lease at `nowMs`. */
export function leaseExpired(startedAtMs: number, nowMs: number): boolean {
  return nowMs - startedAtMs > TURN_LEASE_MS;
}
