/**
 * Writes an assistant reply into a conversation the way an LLM streams it: one model message,
 * created with the first chunk and `streaming: true`, whose text then grows by `chunkChars`
 * characters every `intervalMs` until the last chunk clears `streaming`. Every growth is a store
 * write with a new sequence number, so live subscribers see it as an upsert and can resume after a
 * disconnect. With chunkChars 0 the reply is written whole in one message.
 *
 * Limits: a reply whose conversation disappears (control reset) stops silently; on shutdown
 * flush() writes the rest of every unfinished reply at once, so the data file holds whole replies.
 */
import type { SequencedMessage, SmartReply } from '@chat/core';
import type { Logger } from 'pino';
import type { DocumentStore } from '../store/memory-store.js';

export interface StreamingOptions {
  /** Characters added per step; 0 writes every reply whole. */
  chunkChars: number;
  /** Milliseconds between steps. */
  intervalMs: number;
}

export interface Reply {
  /** The message's id (derived from the message the turn answers, issue 27); a new one when absent. */
  id?: string;
  /** Markdown text; must not be empty. */
  text: string;
  /** Stored on the message when it is complete. */
  smartReplies?: SmartReply[];
}

export interface StartedReply {
  /** The message as created (the first chunk, or the whole reply). */
  created: SequencedMessage;
  /** Resolves when the reply is complete (or was stopped). Never rejects. */
  done: Promise<void>;
}

export interface ReplyStreamer {
  /**
   * Creates the reply's message now and keeps growing it in the background, in steps of `streaming`
   * when given (a scripted reply's own pace), else the server's.
   */
  start(conversationId: string, reply: Reply, streaming?: StreamingOptions): StartedReply;
  /** Completes every unfinished reply at once (before shutdown). */
  flush(): void;
  /** Stops every unfinished reply where it is (after a reset removed its conversation). */
  cancelAll(): void;
}

interface Pending {
  timer: NodeJS.Timeout | null;
  finish(mode: 'flush' | 'cancel'): void;
}

export function createReplyStreamer(
  store: DocumentStore,
  defaultStreaming: StreamingOptions,
  logger: Logger,
): ReplyStreamer {
  const pending = new Set<Pending>();

  return {
    start(conversationId, reply, streaming = defaultStreaming) {
      // Split by code points, so a chunk never ends inside an emoji's surrogate pair.
      const chars = Array.from(reply.text);
      if (streaming.chunkChars <= 0 || chars.length <= streaming.chunkChars) {
        const created = store.addMessage(conversationId, {
          ...(reply.id ? { id: reply.id } : {}),
          role: 'model',
          text: reply.text,
          ...(reply.smartReplies ? { smartReplies: reply.smartReplies } : {}),
        });
        return { created, done: Promise.resolve() };
      }
      const chunks: string[] = [];
      for (let i = 0; i < chars.length; i += streaming.chunkChars) {
        chunks.push(chars.slice(i, i + streaming.chunkChars).join(''));
      }
      const created = store.addMessage(conversationId, {
        ...(reply.id ? { id: reply.id } : {}),
        role: 'model',
        text: chunks[0]!,
        streaming: true,
      });
      const messageId = created.message.id;
      let next = 1;
      let resolveDone!: () => void;
      const done = new Promise<void>((resolve) => (resolveDone = resolve));

      const grow = (appendText: string, last: boolean): boolean => {
        try {
          store.growMessage(conversationId, messageId, {
            appendText,
            streaming: !last,
            ...(last && reply.smartReplies ? { smartReplies: reply.smartReplies } : {}),
          });
          return true;
        } catch (error) {
          logger.warn({ err: error, conversationId, messageId }, 'streamed reply stopped');
          return false;
        }
      };
      const entry: Pending = {
        timer: null,
        finish(mode) {
          if (entry.timer) clearTimeout(entry.timer);
          entry.timer = null;
          if (mode === 'flush' && next < chunks.length) grow(chunks.slice(next).join(''), true);
          next = chunks.length;
          pending.delete(entry);
          resolveDone();
        },
      };
      const step = () => {
        entry.timer = null;
        const last = next === chunks.length - 1;
        if (!grow(chunks[next]!, last) || last) {
          next = chunks.length;
          entry.finish('cancel');
          return;
        }
        next += 1;
        entry.timer = setTimeout(step, streaming.intervalMs);
      };
      pending.add(entry);
      entry.timer = setTimeout(step, streaming.intervalMs);
      return { created, done };
    },
    flush() {
      for (const entry of [...pending]) entry.finish('flush');
    },
    cancelAll() {
      for (const entry of [...pending]) entry.finish('cancel');
    },
  };
}
