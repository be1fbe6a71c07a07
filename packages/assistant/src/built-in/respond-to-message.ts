import { bookingUpdateValue, shippedLanguageOf } from '@chat/core';
import type { AnswerContext } from './answers/answer-context.js';
import { bookingAnswer, bookingInterrupt } from './answers/booking.js';
import { bookingUpdateAnswer } from './answers/booking-update.js';
import { handOffAnswer, handOffInterrupt } from './answers/hand-off.js';
import { infoAnswer } from './answers/info-answer.js';
import { knowledgeAnswer, notListedAnswer, pricesAnswer } from './answers/knowledge-answers.js';
import { askTheTeamAnswer } from './answers/services.js';
import type { AssistantInput, AssistantTurn } from '../assistant-types.js';
import {
  askedAbout,
  asksAboutTomorrow,
  bookingKind,
  detectIntent,
  matchSuggestedQuestion,
} from './intents.js';
import { bestKnowledge, businessNames, matchingFaq, namesLocation } from './knowledge/business-knowledge.js';
import { replyLanguage } from './visitor-language.js';

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

/** What the answers are built from, in the language of what the visitor wrote (or the page's). */
export function answerContext(input: AssistantInput, visitorText: string): AnswerContext {
  return {
    business: input.business,
    nowMs: input.nowMs,
    userTimezone: input.userTimezone,
    language: replyLanguage(visitorText, (input.language && shippedLanguageOf(input.language)) || undefined),
  };
}

/**
 * The tool request's ref: unique per turn of a conversation and still deterministic, so the same
 * input always gives the same turn.
 */
export function interruptRef(input: Pick<AssistantInput, 'conversation' | 'history' | 'nowMs'>): string {
  return `phone-sign-in:${input.conversation.id}:${input.history.length}:${input.nowMs}`;
}

/**
 * A visitor's message, in this order: the booking-update link; a request for a person; one of the
 * business's own FAQ questions ("What's your cancellation policy?" is not a cancellation); a
 * booking change; then the intents, a "do you…?" or "how much…?" answered from what the business
 * wrote, and what nothing matches answered honestly with 'Contact Support'.
 */
export function respondToMessage(input: AssistantInput, text: string): AssistantTurn {
  const ctx = answerContext(input, text);
  const update = bookingUpdateValue(text);
  if (update !== null) return bookingUpdateAnswer(ctx, update);
  const { subject, suggested } = subjectAndSource(input, text);
  const intent = detectIntent(subject);
  // A request for a person goes to the team (answers/hand-off.ts: the HANDOFF feed item).
  if (intent === 'handoff') {
    return input.signedIn
      ? handOffAnswer(ctx, ctx.language, text, false)
      : handOffInterrupt(ctx, ctx.language, interruptRef(input));
  }
  const faq = matchingFaq(input.business, subject);
  if (faq) return knowledgeAnswer(ctx, faq);
  if (intent === 'booking') {
    const kind = bookingKind(subject);
    return input.signedIn
      ? bookingAnswer(ctx, kind, false, text)
      : bookingInterrupt(kind, interruptRef(input), ctx.language);
  }
  if (intent === 'prices') return pricesAnswer(ctx, askedAbout(subject));
  if (intent !== 'services' && intent !== 'fallback') {
    return infoAnswer(intent, ctx, { tomorrow: asksAboutTomorrow(subject) });
  }
  if (namesLocation(input.business, subject)) return infoAnswer('location', ctx);
  // "Do you do balayage?" asks about one thing; "Tell me about your services" about everything.
  const about = intent === 'services' ? askedAbout(subject) : null;
  if (intent === 'services' && about === null) return infoAnswer('services', ctx);
  const found = bestKnowledge(input.business, about ?? subject);
  if (found) return knowledgeAnswer(ctx, found);
  // A suggested question nothing answers is still about the business, and so is a thing the
  // business names only in one ("Cuts, color, nails and more"): it is listed, just not detailed.
  if (suggested || (about !== null && businessNames(input.business, about))) return askTheTeamAnswer(ctx);
  if (about !== null) return notListedAnswer(ctx, about);
  return infoAnswer('fallback', ctx);
}
