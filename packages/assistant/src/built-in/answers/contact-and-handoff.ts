/**
 * "What is your phone number?" and "I'd like to talk to a person". The business record holds no
 * phone number or email, so the assistant says so and offers the two ways to reach the team: the
 * page's 'Contact Support' form, or a hand-off — the team gets the request and texts the visitor at
 * the number they verified (an anonymous visitor is asked to verify it first, through the same
 * phone sign-in interrupt as a booking change).
 */
import type { AssistantTurn } from '../../assistant-types.js';
import { pickKeys, repliesIn } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, findUsLink, paragraphs } from './answer-context.js';
import { phoneSignInInterrupt } from './booking.js';

export function contactAnswer(ctx: AnswerContext): AssistantTurn {
  const es = ctx.language === 'es';
  return {
    reply: paragraphs(
      es
        ? `No tengo un teléfono ni un correo de ${boldName(ctx)} para compartir aquí, pero hay dos formas de contactar con el equipo:`
        : `I don't have a phone number or email for ${boldName(ctx)} to share here, but there are two ways to reach the team:`,
      (es
        ? [
            '- Toca **Contact Support** para escribirles.',
            '- Pídeme **hablar con una persona** y les paso tu mensaje: te escribirán a tu número verificado.',
          ]
        : [
            '- Tap **Contact Support** to write to them.',
            "- Ask me to **talk to a person** and I'll pass your message on: they'll text you at your verified number.",
          ]
      ).join('\n'),
      findUsLink(ctx),
    ),
    smartReplies: [repliesIn(ctx.language).contactSupport, ...pickKeys(['person', 'hours'], ctx.language)],
  };
}

const HANDOFF = {
  en: {
    lead: (name: string) => `Of course! I'll ask someone from the ${name} team to get back to you.`,
    verify: 'To have the team get back to you, please verify your phone number first.',
    passed: (name: string) =>
      `**I've passed your request to the ${name} team.** Someone will text you at your verified number as soon as they can.`,
    meanwhile: 'In the meantime, I can still help with our hours, location and services.',
    thanks: 'Thanks for verifying your phone number!',
  },
  es: {
    lead: (name: string) => `¡Claro! Le pediré a alguien del equipo de ${name} que te responda.`,
    verify: 'Para que el equipo pueda responderte, primero verifica tu número de teléfono.',
    passed: (name: string) =>
      `**Le pasé tu solicitud al equipo de ${name}.** Alguien te escribirá a tu número verificado lo antes posible.`,
    meanwhile: 'Mientras tanto, puedo ayudarte con el horario, la ubicación y los servicios.',
    thanks: '¡Gracias por verificar tu número de teléfono!',
  },
} as const;

/**
 * The visitor asked for a person. Anonymous: the phone sign-in interrupt (reason 'handoff'), with a
 * lead-in. Verified (now, or just after the interrupt): the request goes to the team.
 */
export function handoffAnswer(
  ctx: AnswerContext,
  visitor: { signedIn: boolean; justVerified?: boolean; ref: string },
): AssistantTurn {
  const texts = HANDOFF[ctx.language];
  if (!visitor.signedIn) {
    return {
      ...phoneSignInInterrupt(visitor.ref, texts.verify, { reason: 'handoff' }),
      reply: texts.lead(boldName(ctx)),
    };
  }
  return {
    reply: paragraphs(
      visitor.justVerified ? texts.thanks : null,
      texts.passed(boldName(ctx)),
      texts.meanwhile,
    ),
    smartReplies: pickKeys(['hours', 'location', 'services'], ctx.language),
  };
}
