import type { AssistantTurn } from '../../assistant-types.js';
import { escapeMarkdown } from '../markdown-text.js';
import { pickKeys, pickReplies, repliesIn, suggestedQuestionText } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, contactSupportIn, paragraphs } from './answer-context.js';

/**
 * Nothing the business wrote matches and no intent fits: say so, offer 'Contact Support' (the
 * page opens the support form), and list the business's own suggested questions.
 */
export function fallbackAnswer(ctx: AnswerContext): AssistantTurn {
  const es = ctx.language === 'es';
  const questions = ctx.business.suggestedQuestions.map(suggestedQuestionText);
  const list = questions.length
    ? `${es ? 'Puedes preguntarme, por ejemplo:' : 'Here are a few things you could ask me:'}\n\n${questions.map((q) => `- ${escapeMarkdown(q)}`).join('\n')}`
    : es
      ? 'Puedo contarte sobre nuestros **servicios**, nuestro **horario**, **dónde estamos**, y ayudarte con las **reservas**.'
      : `I can tell you about our **services**, our **opening hours**, **where to find us**, and help with **bookings**.`;
  return {
    reply: paragraphs(
      es
        ? `Lo siento, no tengo información sobre eso. Soy el asistente virtual de ${boldName(ctx)}, así que sé sobre todo de nuestros servicios, horario, ubicación y reservas. Para cualquier otra cosa, toca ${contactSupportIn('es')} y el equipo te responderá.`
        : `I'm sorry, I'm not sure I can help with that. I'm the virtual assistant for ${boldName(ctx)}, so I know most about our services, hours, location and bookings. For anything else, tap ${contactSupportIn('en')} and the team will get back to you.`,
      list,
    ),
    smartReplies: pickReplies(
      [repliesIn(ctx.language).contactSupport, ...questions.slice(0, 2), repliesIn(ctx.language).hours],
      ctx.language,
    ),
  };
}

/** "Thank you": a short, warm close that keeps the conversation open. */
export function thanksAnswer(ctx: AnswerContext): AssistantTurn {
  return {
    reply:
      ctx.language === 'es'
        ? `¡De nada! ¿Hay algo más en lo que pueda ayudarte en ${boldName(ctx)}?`
        : `You're very welcome! Is there anything else I can help you with at ${boldName(ctx)}?`,
    smartReplies: pickKeys(['hours', 'location', 'services'], ctx.language),
  };
}
