import type { AssistantTurn } from '../../assistant-types.js';
import { escapeInlineValue } from '../markdown-text.js';
import { pickKeys } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, findUsLink, paragraphs } from './answer-context.js';

/**
 * A message carrying the booking-update marker (the page's `?i=` link), in the reply's language. The
 * value comes from a link anyone can craft, so it is echoed only as escaped plain text, on one line,
 * length-capped.
 */
export function bookingUpdateAnswer(ctx: AnswerContext, value: string): AssistantTurn {
  const es = ctx.language === 'es';
  const reference = escapeInlineValue(value);
  const smartReplies = pickKeys(['reschedule', 'cancel', 'hours'], ctx.language);
  if (!reference) {
    return {
      reply: es
        ? paragraphs(
            '¡Gracias por darle seguimiento a tu reserva! Pero ese enlace no incluía una referencia de reserva.',
            `Dime qué quieres cambiar y se lo paso al equipo de ${boldName(ctx)}.`,
          )
        : paragraphs(
            "Thanks for following up on your booking! That link didn't include a booking reference, though.",
            `Tell me what you'd like to change and I'll pass it to the ${boldName(ctx)} team.`,
          ),
      smartReplies,
    };
  }
  return {
    reply: paragraphs(
      es
        ? `¡Gracias por darle seguimiento a tu reserva en ${boldName(ctx)}!`
        : `Thanks for following up on your booking with ${boldName(ctx)}!`,
      es
        ? `Tengo tu actualización de la reserva con la referencia **${reference}**.`
        : `I've got your booking update for reference **${reference}**.`,
      (es
        ? [
            '**¿Qué te gustaría hacer?**',
            '- **Cambiar** la cita a otro día u hora',
            '- **Anular** la cita',
            '- Hacer una pregunta sobre tu visita',
          ]
        : [
            '**What would you like to do?**',
            '- **Reschedule** to another day or time',
            '- **Cancel** the appointment',
            '- Ask a question about your visit',
          ]
      ).join('\n'),
      findUsLink(ctx),
    ),
    smartReplies,
  };
}
