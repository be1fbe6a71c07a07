/**
 * The conversation as the model sees it: the stored messages (the conversation in the store is the
 * history — no separate session store), newest last, consecutive messages of one role merged, at
 * most LIMITS.historyMessages of them. Auth messages show as what they said; system notes (sign-in
 * results) are left out, as the visitor's own words and the replies tell the story.
 */
import type { Message } from '@chat/core';
import { isBookingUpdate, visibleText } from '@chat/core';
import type { MessageData, Part } from 'genkit';
import { LIMITS } from './assistant-settings.js';

export function historyMessages(history: readonly Message[]): MessageData[] {
  const out: MessageData[] = [];
  for (const message of history.slice(-LIMITS.historyMessages)) {
    const text = message.role === 'user' ? visitorWords(message.text) : message.text.trim();
    if (!text || message.role === 'system') continue;
    appendParts(out, message.role === 'user' ? 'user' : 'model', [{ text }]);
  }
  return out;
}

/** Adds parts as a message of `role`, merged into the last message when it has the same role. */
export function appendParts(messages: MessageData[], role: 'user' | 'model', parts: Part[]): void {
  const last = messages.at(-1);
  if (last?.role === role) last.content.push(...parts);
  else messages.push({ role, content: [...parts] });
}

/** A booking-update link's message reads as what it is, not as its marker. */
function visitorWords(text: string): string {
  const trimmed = text.trim();
  return isBookingUpdate(trimmed) ? `(Opened a booking-update link: ${visibleText(trimmed)})` : trimmed;
}
