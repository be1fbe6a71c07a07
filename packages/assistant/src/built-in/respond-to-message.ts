import { bookingUpdateValue } from '@chat/core';
import { paragraphs } from './answers/answer-context.js';
import { bookingAnswer, bookingInterrupt } from './answers/booking.js';
import { bookingUpdateAnswer } from './answers/booking-update.js';
import { asksForPerson, handOffAnswer, handOffInterrupt } from './answers/hand-off.js';
import { infoAnswer } from './answers/info-answer.js';
import type { AssistantInput, AssistantTurn } from '../assistant-types.js';
import { bookingKind, detectIntent, matchSuggestedQuestion, normalise } from './intents.js';

/**
 * The text whose intent counts: the business's own suggested question when the visitor repeated
 * one (its two lines together say more than the first alone), else what the visitor wrote.
 */
export function subjectOf(input: Pick<AssistantInput, 'business'>, text: string): string {
  return subjectAndSource(input, text).subject;
}

function subjectAndSource(
  input: Pick<AssistantInput, 'business'>,
  text: string,
): { subject: string; suggested: boolean } {
  const question = matchSuggestedQuestion(text, input.business.suggestedQuestions);
  return question
    ? { subject: `${question.line1} ${question.line2}`, suggested: true }
    : { subject: text, suggested: false };
}

/**
 * The tool request's ref: unique per turn of a conversation and still deterministic, so the same
 * input always gives the same turn.
 */
export function interruptRef(input: Pick<AssistantInput, 'conversation' | 'history' | 'nowMs'>): string {
  return `phone-sign-in:${input.conversation.id}:${input.history.length}:${input.nowMs}`;
}

export function respondToMessage(input: AssistantInput, text: string): AssistantTurn {
  const ctx = { business: input.business, nowMs: input.nowMs, userTimezone: input.userTimezone };
  const update = bookingUpdateValue(text);
  if (update !== null) return bookingUpdateAnswer(ctx, update);
  const { subject, suggested } = subjectAndSource(input, text);
  const person = asksForPerson(normalise(subject));
  if (person) {
    return input.signedIn
      ? handOffAnswer(ctx, person, text, false)
      : handOffInterrupt(ctx, person, interruptRef(input));
  }
  const intent = detectIntent(subject);
  if (intent === 'booking') {
    const kind = bookingKind(subject);
    return input.signedIn
      ? bookingAnswer(ctx, kind, false, text)
      : bookingInterrupt(kind, interruptRef(input));
  }
  // A suggested question the keywords cannot place is still about the business: answer with what it offers.
  if (intent === 'fallback' && suggested) {
    const services = infoAnswer('services', ctx);
    return {
      ...services,
      reply: paragraphs(
        "That's a great question for the team: I don't have the details here, but they'll be glad to help when you book or visit.",
        services.reply,
      ),
    };
  }
  return infoAnswer(intent, ctx);
}
