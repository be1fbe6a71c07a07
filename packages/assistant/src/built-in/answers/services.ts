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

/**
 * Something the business names but wrote nothing to quote about: one of its own suggested
 * questions ("Do you sell gift cards?"), or a thing named only in one ("Cuts, color, nails and
 * more"). A suggested question is no promise, so: the team has the details, and what it offers.
 */
export function askTheTeamAnswer(ctx: AnswerContext): AssistantTurn {
  const services = servicesAnswer(ctx);
  return {
    ...services,
    reply: paragraphs(
      ctx.language === 'es'
        ? 'Esa es una buena pregunta para el equipo: no tengo los detalles aquí, pero te ayudarán con gusto cuando reserves o nos visites.'
        : "That's a great question for the team: I don't have the details here, but they'll be glad to help when you book or visit.",
      services.reply,
    ),
  };
}
