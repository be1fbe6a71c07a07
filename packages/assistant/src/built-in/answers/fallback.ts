import type { AssistantTurn } from '../../assistant-types.js';
import { escapeMarkdown } from '../markdown-text.js';
import { REPLIES, pickReplies, suggestedQuestionText } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, paragraphs } from './answer-context.js';

/** Anything the assistant cannot place: an apology and the business's own suggested questions. */
export function fallbackAnswer(ctx: AnswerContext): AssistantTurn {
  const questions = ctx.business.suggestedQuestions.map(suggestedQuestionText);
  const list = questions.length
    ? `Here are a few things you could ask me:\n\n${questions.map((q) => `- ${escapeMarkdown(q)}`).join('\n')}`
    : `I can tell you about our **services**, our **opening hours**, **where to find us**, and help with **bookings**.`;
  return {
    reply: paragraphs(
      `I'm sorry, I'm not sure I can help with that. I'm the virtual assistant for ${boldName(ctx)}, so I know most about our services, hours, location and bookings.`,
      list,
    ),
    smartReplies: pickReplies([...questions.slice(0, 2), REPLIES.hours, REPLIES.services]),
  };
}

/** "Thank you": a short, warm close that keeps the conversation open. */
export function thanksAnswer(ctx: AnswerContext): AssistantTurn {
  return {
    reply: `You're very welcome! Is there anything else I can help you with at ${boldName(ctx)}?`,
    smartReplies: pickReplies([REPLIES.hours, REPLIES.location, REPLIES.services]),
  };
}
