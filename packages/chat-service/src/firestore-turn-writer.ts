/**
 * The production ReplyWriter (see @chat/assistant): the reply grows in place in
 * `conversations/{id}/messages/{messageId}` through a coalesced reply (at most one write per
 * `minWriteIntervalMs`); a reply given whole is revealed in steps at the turn's pace or the service's,
 * like a model's stream. Scripted effects: a failure status, a typing delay and a pace are applied;
 * moving the clock and breaking the live stream are mock-server tools and are logged and skipped.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { FieldValue, Timestamp } from 'firebase-admin/firestore';
import type { DocumentReference } from 'firebase-admin/firestore';
import type {
  AssistantMemory,
  ReplyWriter,
  TeamRequest,
  TurnInterrupt,
  TurnStreaming,
} from '@chat/assistant';
import { errorCodeForStatus, normaliseSmartReplies, ProviderError, TTL_FIELD } from '@chat/core';
import type { Message, SmartReply, StoredFields } from '@chat/core';
import type { Logger } from 'pino';
import { LEASE_FIELD } from './abandoned-replies.js';
import { createCoalescedReply } from './coalesced-reply.js';
import type { ReplyEnd, ReplySink } from './coalesced-reply.js';

export interface TurnWriterOptions {
  /** The reply's message document (created on the first write). */
  message: DocumentReference;
  /** Its TTL field's value (ChatStore.deleteAt). */
  deleteAt: Timestamp;
  /** The pace a reply given whole is revealed at, unless the turn sets its own. */
  pace: TurnStreaming;
  minWriteIntervalMs: number;
  /**
   * How long a streaming reply's writer is believed alive after its last write: every write sets
   * `streamingLeaseUntil` that far ahead, and a reply with nothing new is written again a third of it
   * later. Past its lease, the next turn of the conversation ends the reply as cut (abandoned-replies.ts).
   */
  leaseMs: number;
  logger: Logger;
}

/** What the turn wrote, for the end of the turn. */
export interface WrittenTurn {
  smartReplies: Array<string | SmartReply>;
  interrupt: TurnInterrupt | null;
  memory: AssistantMemory | null;
  /** What the turn passes to the business's team (issue 27); the route writes it to the feed. */
  passToTeam: TeamRequest | null;
}

export interface TurnWriter {
  writer: ReplyWriter;
  turn: WrittenTurn;
  /**
   * Ends the reply (streaming removed), complete or `cut` (what was written kept, `cut: true`): its id
   * and text, or null when none was written. Later appends are dropped.
   */
  endReply(how?: { cut: boolean }): Promise<{ id: string; text: string } | null>;
}

function firestoreSink(message: DocumentReference, deleteAt: Timestamp, leaseMs: number): ReplySink {
  const withReplies = (smartReplies: SmartReply[]) => (smartReplies.length > 0 ? { smartReplies } : {});
  const ending = (end: ReplyEnd) => (end.cut ? { cut: true } : withReplies(end.smartReplies));
  const lease = () => ({ [LEASE_FIELD]: Timestamp.fromMillis(Date.now() + leaseMs) });
  return {
    async create(text, end) {
      const fields: StoredFields<Message, FieldValue, 'createdAt'> & { [TTL_FIELD]: Timestamp } = {
        role: 'model',
        text,
        createdAt: FieldValue.serverTimestamp(),
        [TTL_FIELD]: deleteAt,
        ...(end === null ? { streaming: true } : ending(end)),
      };
      await message.create(end === null ? { ...fields, ...lease() } : fields);
    },
    async update(text) {
      await message.update({ text, ...lease() });
    },
    async complete(text, end) {
      await message.update({
        text,
        streaming: FieldValue.delete(),
        [LEASE_FIELD]: FieldValue.delete(),
        ...ending(end),
      });
    },
  };
}

export function createFirestoreTurnWriter(options: TurnWriterOptions): TurnWriter {
  const { message, logger } = options;
  const reply = createCoalescedReply(firestoreSink(message, options.deleteAt, options.leaseMs), {
    minWriteIntervalMs: options.minWriteIntervalMs,
  });
  // The writer's sign of life while the model thinks (no new text): the lease never lapses while it runs.
  const heartbeat = setInterval(() => reply.renew(), Math.max(1, Math.floor(options.leaseMs / 3)));
  heartbeat.unref();
  let ended = false;
  let pace = options.pace;
  const turn: WrittenTurn = { smartReplies: [], interrupt: null, memory: null, passToTeam: null };

  const writer: ReplyWriter = {
    async applyEffects(effects) {
      if (effects.failWithStatus !== undefined) {
        const status = effects.failWithStatus;
        throw new ProviderError(
          errorCodeForStatus(status),
          `The assistant failed this turn: HTTP ${status}`,
          status,
        );
      }
      for (const skipped of ['moveClockMs', 'dropLiveStream'] as const) {
        if (effects[skipped])
          logger.warn({ effect: skipped }, 'scenario effect skipped: it only exists on the mock server');
      }
      if (effects.streaming) pace = effects.streaming;
      if (effects.typingDelayMs) await delay(effects.typingDelayMs);
    },
    async append(text) {
      const { chunkChars, intervalMs } = pace;
      if (chunkChars <= 0 || text.length <= chunkChars) {
        reply.append(text);
        return;
      }
      for (let at = 0; at < text.length && !ended; at += chunkChars) {
        if (at > 0) await delay(intervalMs);
        reply.append(text.slice(at, at + chunkChars));
      }
    },
    setSmartReplies(replies) {
      turn.smartReplies = replies;
    },
    interrupt(interrupt) {
      turn.interrupt = interrupt;
    },
    remember(memory) {
      turn.memory = memory;
    },
    passToTeam(request) {
      turn.passToTeam = request;
    },
  };

  return {
    writer,
    turn,
    async endReply({ cut } = { cut: false }) {
      ended = true;
      clearInterval(heartbeat);
      if (reply.text() === '') return null;
      await reply.end(cut ? { cut } : { cut, smartReplies: normaliseSmartReplies(turn.smartReplies) });
      return { id: message.id, text: reply.text() };
    },
  };
}
