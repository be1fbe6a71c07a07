/**
 * One reply message that grows in place with at most one store write per `minWriteIntervalMs`: text
 * appended between two writes goes out together in the next one. The first write creates the message
 * with `streaming: true` as soon as there is text; `end` writes the final text with `streaming` removed and the smart replies.
 * A reply that is complete before its first write is due is created whole, in one write.
 *
 * Why: every write is a billed Firestore operation and a snapshot pushed to every listener; a model
 * streaming 50 tokens a second must not mean 50 writes a second (issue 17: a few per second at most).
 */
import type { SmartReply } from '@chat/core';

/** Where the reply's versions go (Firestore in production; a recorder in tests). */
export interface ReplySink {
  /** Creates the message. `streaming` false: it is complete (with its smart replies). */
  create(text: string, streaming: boolean, smartReplies: SmartReply[]): Promise<void>;
  update(text: string): Promise<void>;
  /** The last write: the whole text, `streaming` removed, the smart replies. */
  complete(text: string, smartReplies: SmartReply[]): Promise<void>;
}

export interface CoalescedReply {
  /** Adds text; it is stored by the next write, which is scheduled if none is. */
  append(text: string): void;
  /** Waits for the write in flight and writes the final version. Rejects if any write failed. */
  end(smartReplies: SmartReply[]): Promise<void>;
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

  function write(): void {
    const version = text;
    const first = stored === null;
    lastWriteAt = now();
    stored = version;
    inFlight = (first ? sink.create(version, true, []) : sink.update(version))
      .catch((error: unknown) => {
        failure ??= error;
      })
      .finally(() => {
        inFlight = null;
        schedule();
      });
  }

  function schedule(): void {
    if (timer || inFlight || failure || text === (stored ?? '')) return;
    const wait = Math.max(0, lastWriteAt + minWriteIntervalMs - now());
    timer = setTimeout(() => {
      timer = null;
      if (!inFlight && !failure) write();
    }, wait);
  }

  return {
    append(more) {
      text += more;
      schedule();
    },
    async end(smartReplies) {
      if (timer) clearTimeout(timer);
      timer = null;
      // A write in flight may schedule the next one as it ends: that one is cleared, the final write carries it.
      while (inFlight) await inFlight;
      if (timer) clearTimeout(timer);
      timer = null;
      if (failure) throw failure;
      if (stored === null) await sink.create(text, false, smartReplies);
      else await sink.complete(text, smartReplies);
    },
    text: () => text,
    started: () => stored !== null,
  };
}
