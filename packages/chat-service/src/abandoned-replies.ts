/**
 * Replies whose writer died (issue 27: a `kill -9`, an out-of-memory kill, an instance Cloud Run
 * took away without its SIGTERM grace) would stay `streaming: true` for good. Every streaming reply
 * therefore carries a lease, `streamingLeaseUntil`: its writer renews it with each write (and writes
 * again while the model thinks, firestore-turn-writer.ts). The next turn of the conversation, on
 * whatever instance, ends every streaming reply whose lease has lapsed as cut — `streaming` and the
 * lease removed, `cut: true`, what was written kept — so the page offers 'Try again'.
 *
 * A lease, not "a reply this process did not write": on Cloud Run another instance may be writing it
 * right now. The end is written with the snapshot's update time as a precondition, so a writer that
 * was only slow and wrote meanwhile keeps its reply.
 */
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { CollectionReference, DocumentSnapshot } from 'firebase-admin/firestore';
import type { Logger } from 'pino';

/** The field of a streaming reply that says until when its writer is believed alive. */
export const LEASE_FIELD = 'streamingLeaseUntil';
/** How long a writer is believed alive after a write, unless STREAMING_LEASE_MS says otherwise. */
export const DEFAULT_STREAMING_LEASE_MS = 15_000;

/** Whether the reply's writer has not written within its lease, at `nowMs`. */
export function leaseLapsed(doc: DocumentSnapshot, leaseMs: number, nowMs: number): boolean {
  const lease: unknown = doc.get(LEASE_FIELD);
  // A reply written before leases existed: judged by its last write.
  const until = lease instanceof Timestamp ? lease.toMillis() : (doc.updateTime?.toMillis() ?? 0) + leaseMs;
  return until < nowMs;
}

/**
 * Ends as cut every reply in `messages` that is still streaming past its lease; resolves with the
 * ids it ended. A reply its writer touched meanwhile (the precondition fails) is left to the writer.
 */
export async function endAbandonedReplies(
  messages: CollectionReference,
  { leaseMs, logger, nowMs = Date.now() }: { leaseMs: number; logger: Logger; nowMs?: number },
): Promise<string[]> {
  const streaming = await messages.where('streaming', '==', true).get();
  const ended: string[] = [];
  for (const doc of streaming.docs) {
    if (!leaseLapsed(doc, leaseMs, nowMs)) continue;
    try {
      await doc.ref.update(
        { streaming: FieldValue.delete(), [LEASE_FIELD]: FieldValue.delete(), cut: true },
        { lastUpdateTime: doc.updateTime },
      );
      ended.push(doc.id);
      logger.warn(
        { conversationId: messages.parent?.id, messageId: doc.id },
        'ended a reply its writer abandoned (lease lapsed): marked cut',
      );
    } catch (error) {
      // FAILED_PRECONDITION (9): its writer wrote after all. Anything else: the next turn tries again.
      if ((error as { code?: unknown }).code !== 9) {
        logger.warn(
          { conversationId: messages.parent?.id, messageId: doc.id, err: error },
          'could not end an abandoned reply',
        );
      }
    }
  }
  return ended;
}
