/**
 * One reply message that grows in place with at most one store write per `minWriteIntervalMs`: text
 * appended between two writes goes out together in the next one. The first write creates the message
 * with `streaming: true` as soon as there is text; `end` writes the final text with `streaming` removed and the smart replies.
 * A reply that is complete before its first write is due is created whole, in one write. After the
 * end, appends are dropped: a turn cut at shutdown may still be producing text nobody will store.
 *
 * Why: every write is a billed Firestore operation and a snapshot pushed to every listener; a model
 * streaming 50 tokens a second must not mean 50 writes a second (issue 17: a few per second at most).
 */
import type { SmartReply } from '@chat/core';

/**
 * How a reply ends: complete with its smart replies, or cut (the writer had to stop: a shutdown
 * that could not wait for it) with what was written kept, `cut: true` and no smart replies.
 */
export type ReplyEnd = { cut: false; smartReplies: SmartReply[] } | { cut: true };

/** Where the reply's versions go (Firestore in production; a recorder in tests). */
export interface ReplySink {
  /** Creates the message: `end` null, it is still streaming; otherwise it is ended as `end` says. */
  create(text: string, end: ReplyEnd | null): Promise<void>;
  update(text: string): Promise<void>;
  /** The last write: the whole text, `streaming` removed, and the end (smart replies, or cut). */
  complete(text: string, end: ReplyEnd): Promise<void>;
}

export interface CoalescedReply {
  /** Adds text; it is stored by the next write, which is scheduled if none is. */
  append(text: string): void;
  /** Waits for the write in flight and writes the final version. Rejects if any write failed. */
  end(end: ReplyEnd): Promise<void>;
  /**
   * Writes the stored text again when no write is due (a streaming reply's sign of life: every write
   * renews the writer's lease, see firestore-turn-writer.ts). Nothing before the first write or after the end.
   */
  renew(): void;
  /** The text so far. */
  text(): string;
  /** Whether anything was written (or is being written) to the store. */
  started(): boolean;
}

export function createCoalescedReply(
  sink: ReplySink,
  { minWriteIntervalMs, now = Date.now }: { minWriteIntervalMs: number; now?: () => number },
): CoalescedReply {
  let text = '';
  let stored: string | null = null;
  // The first text is written at once: it replaces the page's typing indicator.
  let lastWriteAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | null = null;
  let inFlight: Promise<void> | null = null;
  let failure: unknown = null;
  let renewDue = false;
  let ended = false;

  function write(): void {
    renewDue = false;
    const version = text;
    const first = stored === null;
    lastWriteAt = now();
    stored = version;
    inFlight = (first ? sink.create(version, null) : sink.update(version))
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => {
        inFlight = null;
        schedule();
      });
  }

  function schedule(): void {
    if (ended || timer || inFlight || failure || (text === (stored ?? '') && !renewDue)) return;
    const wait = Math.max(0, lastWriteAt + minWriteIntervalMs - now());
    timer = setTimeout(() => {
      timer = null;
      if (!inFlight && !failure) write();
    }, wait);
  }

  return {
    append(more) {
      if (ended) return;
      text += more;
      schedule();
    },
    renew() {
      if (stored === null || ended) return;
      renewDue = true;
      schedule();
    },
    async end(end) {
      ended = true;
      if (timer) clearTimeout(timer);
      timer = null;
      // A write in flight may schedule the next one as it ends: that one is cleared, the final write carries it.
      while (inFlight) await inFlight;
      if (timer) clearTimeout(timer);
      timer = null;
      if (failure) throw failure;
      if (stored === null) await sink.create(text, end);
      else await sink.complete(text, end);
    },
    text: () => text,
    started: () => stored !== null,
  };
}
