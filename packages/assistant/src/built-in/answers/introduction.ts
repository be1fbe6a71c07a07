import type { AssistantTurn } from '../../assistant-types.js';
import { escapeMarkdown } from '../markdown-text.js';
import { pickKeys } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, findUsLink, paragraphs } from './answer-context.js';

/** Greetings and "who are you?": introduces the business and what the assistant can do. */
export function introductionAnswer(ctx: AnswerContext): AssistantTurn {
  const description = ctx.business.description?.trim();
  const es = ctx.language === 'es';
  const reply = paragraphs(
    es
      ? `¡Hola, y bienvenido a ${boldName(ctx)}! Soy el asistente virtual.`
      : `Hi there, and welcome to ${boldName(ctx)}! I'm the virtual assistant here.`,
    description ? escapeMarkdown(description) : null,
    (es
      ? [
          'Puedo ayudarte con:',
          '- El **horario**, y si estamos abiertos ahora',
          '- **Dónde estamos** y cómo llegar',
          '- **Reservas**: reservar, cambiar o cancelar una cita',
        ]
      : [
          'I can help you with:',
          "- **Opening hours**, and whether we're open right now",
          '- **Our location** and how to find us',
          '- **Bookings**: booking, rescheduling or cancelling an appointment',
        ]
    ).join('\n'),
    findUsLink(ctx),
    es ? '¿En qué puedo ayudarte hoy?' : 'What can I do for you today?',
  );
  return { reply, smartReplies: pickKeys(['services', 'hours', 'book'], ctx.language) };
}
