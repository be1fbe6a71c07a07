import type { AssistantTurn } from '../../assistant-types.js';
import { escapeMarkdown } from '../markdown-text.js';
import { pickKeys } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, findUsLink, paragraphs } from './answer-context.js';

/** "What do you offer?" / prices: the business's own description; prices are confirmed when booking. */
export function servicesAnswer(ctx: AnswerContext): AssistantTurn {
  const description = ctx.business.description?.trim();
  const es = ctx.language === 'es';
  const reply = paragraphs(
    description
      ? es
        ? `Esto es lo que ofrece ${boldName(ctx)}:\n\n${escapeMarkdown(description)}`
        : `Here's what ${boldName(ctx)} offers:\n\n${escapeMarkdown(description)}`
      : es
        ? `No tengo la lista completa de servicios de ${boldName(ctx)}, pero el equipo te la explicará con gusto.`
        : `I don't have a full list of services for ${boldName(ctx)} on file, but the team will gladly walk you through them.`,
    (es
      ? [
          '**Conviene saber:**',
          '- Los **precios** dependen del servicio; te confirmamos el precio exacto al reservar.',
          '- Puedo ayudarte a **reservar, cambiar o cancelar** una cita cuando verifiques tu número de teléfono.',
        ]
      : [
          '**Good to know:**',
          "- **Prices** depend on the service you choose; we'll confirm the exact price when you book.",
          '- I can help you **book, reschedule or cancel** an appointment once you verify your phone number.',
        ]
    ).join('\n'),
    findUsLink(ctx),
  );
  return { reply, smartReplies: pickKeys(['book', 'hours', 'location'], ctx.language) };
}
