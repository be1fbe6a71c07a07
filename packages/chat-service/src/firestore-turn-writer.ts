/**
 * The production ReplyWriter (see @chat/assistant): the reply grows in place in
 * `conversations/{id}/messages/{messageId}` through a coalesced reply (at most one write per
 * `minWriteIntervalMs`); a reply given whole is revealed in steps at the turn's pace or the service's,
 * like a model's stream. Scripted effects: a failure status, a typing delay and a pace are applied;
 * moving the clock and breaking the live stream are mock-server tools and are logged and skipped.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { FieldValue } from 'firebase-admin/firestore';
import type { DocumentReference, Timestamp } from 'firebase-admin/firestore';
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
import { createCoalescedReply } from './coalesced-reply.js';
import type { ReplySink } from './coalesced-reply.js';

export interface TurnWriterOptions {
  /** The reply's message document (created on the first write). */
  message: DocumentReference;
  /** Its TTL field's value (ChatStore.deleteAt). */
  deleteAt: Timestamp;
  /** The pace a reply given whole is revealed at, unless the turn sets its own. */
  pace: TurnStreaming;
  minWriteIntervalMs: number;
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
  /** Ends the reply (streaming removed): its id and text, or null when none was written. */
  endReply(): Promise<{ id: string; text: string } | null>;
}

function firestoreSink(message: DocumentReference, deleteAt: Timestamp): ReplySink {
  const withReplies = (smartReplies: SmartReply[]) => (smartReplies.length > 0 ? { smartReplies } : {});
  return {
    async create(text, streaming, smartReplies) {
      const fields: StoredFields<Message, FieldValue, 'createdAt'> & { [TTL_FIELD]: Timestamp } = {
        role: 'model',
        text,
        createdAt: FieldValue.serverTimestamp(),
        [TTL_FIELD]: deleteAt,
        ...(streaming ? { streaming: true } : withReplies(smartReplies)),
      };
      await message.create(fields);
    },
    async update(text) {
      await message.update({ text });
    },
    async complete(text, smartReplies) {
      await message.update({ text, streaming: FieldValue.delete(), ...withReplies(smartReplies) });
    },
  };
}

export function createFirestoreTurnWriter(options: TurnWriterOptions): TurnWriter {
  const { message, logger } = options;
  const reply = createCoalescedReply(firestoreSink(message, options.deleteAt), {
    minWriteIntervalMs: options.minWriteIntervalMs,
  });
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
      for (let at = 0; at < text.length; at += chunkChars) {
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
    async endReply() {
      if (reply.text() === '') return null;
      await reply.end(normaliseSmartReplies(turn.smartReplies));
      return { id: message.id, text: reply.text() };
    },
  };
}
