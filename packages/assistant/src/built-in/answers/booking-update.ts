import type { AssistantTurn } from '../../assistant-types.js';
import { escapeInlineValue } from '../markdown-text.js';
import { REPLIES, pickReplies } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, directionsLink, paragraphs } from './answer-context.js';

/**
 * A message carrying the booking-update marker (the page's `?i=` link). The value comes from a
 * link anyone can craft, so it is echoed only as escaped plain text, on one line, length-capped.
 */
export function bookingUpdateAnswer(ctx: AnswerContext, value: string): AssistantTurn {
  const reference = escapeInlineValue(value);
  const smartReplies = pickReplies([REPLIES.reschedule, REPLIES.cancel, REPLIES.hours]);
  if (!reference) {
    return {
      reply: paragraphs(
        "Thanks for following up on your booking! That link didn't include a booking reference, though.",
        `Tell me what you'd like to change and I'll pass it to the ${boldName(ctx)} team.`,
      ),
      smartReplies,
    };
  }
  return {
    reply: paragraphs(
      `Thanks for following up on your booking with ${boldName(ctx)}!`,
      `I've got your booking update for reference **${reference}**.`,
      [
        '**What would you like to do?**',
        '- **Reschedule** to another day or time',
        '- **Cancel** the appointment',
        '- Ask a question about your visit',
      ].join('\n'),
      directionsLink(ctx.business, 'Find us on Google Maps'),
    ),
    smartReplies,
  };
}
