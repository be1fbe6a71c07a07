/**
 * The mock server's ReplyWriter (see @chat/assistant): it applies a turn's scripted effects at once
 * (fail with a status, move the clock, drop the live stream, wait a typing delay) and collects the
 * rest — the reply's text, smart replies, interrupt and pace — for the chat route to write.
 *
 * Limits: appended text is collected, not stored as it arrives; the route then streams the whole
 * reply at the turn's pace (or the server's), as it always did for the built-in assistant and
 * scenarios. An assistant that streams (a language model) is shown growing at that pace too.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { AssistantMemory, ReplyWriter, TurnInterrupt, TurnStreaming } from '@chat/assistant';
import type { SmartReply } from '@chat/core';
import type { ControllableClock } from '../clock.js';
import { throwFault } from './errors.js';

/** What the assistant wrote, for the route to store. */
export interface CollectedTurn {
  reply: string;
  smartReplies?: Array<string | SmartReply>;
  interrupt?: TurnInterrupt;
  streaming?: TurnStreaming;
}

export interface ChatTurnWriterOptions {
  clock: ControllableClock;
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
      turn.reply += text;
    },
    setSmartReplies(replies) {
      turn.smartReplies = replies;
    },
    interrupt(interrupt) {
      turn.interrupt = interrupt;
    },
    remember: options.remember,
  };
  return { writer, turn };
}
