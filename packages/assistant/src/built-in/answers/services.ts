import type { AssistantTurn } from '../../assistant-types.js';
import { escapeMarkdown } from '../markdown-text.js';
import { REPLIES, pickReplies } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, directionsLink, paragraphs } from './answer-context.js';

/** "What do you offer?" / prices: the business's own description; prices are confirmed when booking. */
export function servicesAnswer(ctx: AnswerContext): AssistantTurn {
  const description = ctx.business.description?.trim();
  const reply = paragraphs(
    description
      ? `Here's what ${boldName(ctx)} offers:\n\n${escapeMarkdown(description)}`
      : `I don't have a full list of services for ${boldName(ctx)} on file, but the team will gladly walk you through them.`,
    [
      '**Good to know:**',
      "- **Prices** depend on the service you choose; we'll confirm the exact price when you book.",
      '- I can help you **book, reschedule or cancel** an appointment once you verify your phone number.',
    ].join('\n'),
    directionsLink(ctx.business, 'Find us on Google Maps'),
  );
  return { reply, smartReplies: pickReplies([REPLIES.book, REPLIES.hours, REPLIES.location]) };
}
