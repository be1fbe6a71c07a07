/**
 * The mock server's ReplyWriter (see @chat/assistant): it applies a turn's scripted effects at once
 * (fail with a status, move the clock, drop the live stream, wait a typing delay) and collects the
 * rest — the reply's text, smart replies, interrupt and pace — for the chat route to write.
 *
 * A reply known whole (one append: the built-in assistant, scenarios) is collected, and the route
 * streams it at the turn's pace (or the server's), as it always did. A reply that arrives in pieces
 * (a language model appends sentence by sentence) is stored as it arrives: the second append creates
 * the message, `streaming: true`, holding both pieces, and every later one grows it in place; the
 * route ends it (see `live`).
 */
import { setTimeout as delay } from 'node:timers/promises';
import type {
  AssistantMemory,
  ReplyWriter,
  TeamRequest,
  TurnInterrupt,
  TurnStreaming,
} from '@chat/assistant';
import type { SmartReply } from '@chat/core';
import type { ControllableClock } from '../clock.js';
import type { DocumentStore } from '../store/memory-store.js';
import { throwFault } from '../faults.js';

/** What the assistant wrote, for the route to store. */
export interface CollectedTurn {
  reply: string;
  smartReplies?: Array<string | SmartReply>;
  interrupt?: TurnInterrupt;
  streaming?: TurnStreaming;
  /** The id of the reply's message when it was stored as it arrived; the route ends it. */
  liveMessageId?: string;
  /** What the turn passes to the business's team; the route writes it to the feed. */
  passToTeam?: TeamRequest;
}

export interface ChatTurnWriterOptions {
  clock: ControllableClock;
  store: DocumentStore;
  conversationId: string;
  /** The reply's message id (derived from the message answered), or a new one when absent. */
  replyId?: string | undefined;
  /** Breaks every live message stream of the conversation (a turn's `dropLiveStream`). */
  dropLiveStream(): void;
  remember(memory: AssistantMemory): void;
}

export function createChatTurnWriter(options: ChatTurnWriterOptions): {
  writer: ReplyWriter;
  turn: CollectedTurn;
} {
  const turn: CollectedTurn = { reply: '' };
  const writer: ReplyWriter = {
    // The effects in the order a visitor would notice them.
    async applyEffects(effects) {
      if (effects.failWithStatus !== undefined)
        throwFault({ kind: 'status', status: effects.failWithStatus }, 'chat');
      if (effects.moveClockMs) options.clock.setOffset(options.clock.offsetMs() + effects.moveClockMs);
      if (effects.dropLiveStream) options.dropLiveStream();
      if (effects.typingDelayMs) await delay(effects.typingDelayMs);
      if (effects.streaming) turn.streaming = effects.streaming;
    },
    async append(text) {
      if (turn.liveMessageId) {
        options.store.growMessage(options.conversationId, turn.liveMessageId, {
          appendText: text,
          streaming: true,
        });
      } else if (turn.reply !== '') {
        const created = options.store.addMessage(options.conversationId, {
          ...(options.replyId ? { id: options.replyId } : {}),
          role: 'model',
          text: turn.reply + text,
          streaming: true,
        });
        turn.liveMessageId = created.message.id;
      }
      turn.reply += text;
    },
    setSmartReplies(replies) {
      turn.smartReplies = replies;
    },
    interrupt(interrupt) {
      turn.interrupt = interrupt;
    },
    remember: options.remember,
    passToTeam(request) {
      turn.passToTeam = request;
    },
  };
  return { writer, turn };
}
