import type { AssistantTurn } from '../../assistant-types.js';
import { escapeMarkdown } from '../markdown-text.js';
import { REPLIES, pickReplies } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, directionsLink, paragraphs } from './answer-context.js';

/** Greetings and "who are you?": introduces the business and what the assistant can do. */
export function introductionAnswer(ctx: AnswerContext): AssistantTurn {
  const description = ctx.business.description?.trim();
  const reply = paragraphs(
    `Hi there, and welcome to ${boldName(ctx)}! I'm the virtual assistant here.`,
    description ? escapeMarkdown(description) : null,
    [
      'I can help you with:',
      "- **Opening hours**, and whether we're open right now",
      '- **Our location** and how to find us',
      '- **Bookings**: booking, rescheduling or cancelling an appointment',
    ].join('\n'),
    directionsLink(ctx.business, 'Find us on Google Maps'),
    'What can I do for you today?',
  );
  return { reply, smartReplies: pickReplies([REPLIES.services, REPLIES.hours, REPLIES.book]) };
}
