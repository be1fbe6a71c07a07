/**
 * "What is your phone number?". The business record holds no phone number or email, so the
 * assistant says so and offers the two ways to reach the team: the page's 'Contact Support' form, or
 * a hand-off (./hand-off.ts) — the team gets the request and texts the visitor at the number they
 * verified.
 */
import type { AssistantTurn } from '../../assistant-types.js';
import { pickKeys, repliesIn } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, contactSupportIn, findUsLink, paragraphs } from './answer-context.js';

export function contactAnswer(ctx: AnswerContext): AssistantTurn {
  const es = ctx.language === 'es';
  return {
    reply: paragraphs(
      es
        ? `No tengo un teléfono ni un correo de ${boldName(ctx)} para compartir aquí, pero hay dos formas de contactar con el equipo:`
        : `I don't have a phone number or email for ${boldName(ctx)} to share here, but there are two ways to reach the team:`,
      (es
        ? [
            `- Toca ${contactSupportIn('es')} para escribirles.`,
            '- Pídeme **hablar con una persona** y les paso tu mensaje: te escribirán a tu número verificado.',
          ]
        : [
            `- Tap ${contactSupportIn('en')} to write to them.`,
            "- Ask me to **talk to a person** and I'll pass your message on: they'll text you at your verified number.",
          ]
      ).join('\n'),
      findUsLink(ctx),
    ),
    smartReplies: [repliesIn(ctx.language).contactSupport, ...pickKeys(['person', 'hours'], ctx.language)],
  };
}
