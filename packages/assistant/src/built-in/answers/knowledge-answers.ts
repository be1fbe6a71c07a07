/**
 * Answers quoted from what the business wrote (its FAQ and description, found by
 * ../knowledge/business-knowledge.ts), and the honest "not listed" answers when a question names
 * something the business does not mention. The business's words are quoted as written (escaped);
 * the frame around them is in the reply's language.
 */
import type { AssistantTurn } from '../../assistant-types.js';
import type { KnowledgeEntry } from '../knowledge/business-knowledge.js';
import { bestKnowledge } from '../knowledge/business-knowledge.js';
import { escapeInlineValue, escapeMarkdown } from '../markdown-text.js';
import { pickKeys, repliesIn } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, contactSupportIn, paragraphs } from './answer-context.js';

/** One of the business's FAQ answers, or a sentence of what it offers, as the reply. */
export function knowledgeAnswer(ctx: AnswerContext, entry: KnowledgeEntry): AssistantTurn {
  const es = ctx.language === 'es';
  const quoted = escapeMarkdown(entry.answer);
  const reply =
    entry.kind === 'faq'
      ? es
        ? paragraphs(`Según ${boldName(ctx)}:`, quoted)
        : quoted
      : es
        ? paragraphs(`Sí, ofrecemos esto, según ${boldName(ctx)}:`, quoted)
        : paragraphs(`Yes! Here's what ${boldName(ctx)} says:`, quoted);
  return {
    reply: paragraphs(
      reply,
      es ? '¿Hay algo más que quieras saber?' : 'Is there anything else you would like to know?',
    ),
    smartReplies: pickKeys(['book', 'hours', 'location'], ctx.language),
  };
}

/**
 * "Do you do balayage?" when the business lists nothing like it: say so, show what it does offer,
 * and point to the team rather than guess.
 */
export function notListedAnswer(ctx: AnswerContext, subject: string): AssistantTurn {
  const es = ctx.language === 'es';
  const thing = `**${escapeInlineValue(subject)}**`;
  const description = ctx.business.description?.trim();
  return {
    reply: paragraphs(
      es
        ? `No veo ${thing} entre lo que ofrece ${boldName(ctx)}, así que no quiero adivinar.`
        : `I don't see ${thing} among what ${boldName(ctx)} lists, so I'd rather not guess.`,
      description
        ? `${es ? 'Esto es lo que sí ofrecemos:' : 'Here is what we do offer:'}\n\n${escapeMarkdown(description)}`
        : null,
      es
        ? `El equipo te lo puede confirmar: toca ${contactSupportIn('es')}.`
        : `The team can tell you for sure: tap ${contactSupportIn('en')}.`,
    ),
    smartReplies: [repliesIn(ctx.language).contactSupport, ...pickKeys(['services', 'book'], ctx.language)],
  };
}

/** A price written in the business's own text ("$25", "40 €", "30 dollars"). */
const PRICE = /[$€£]\s?\d|\d\s?(€|\$|usd|eur|dollars?|euros?)\b/i;

/**
 * "How much is a haircut?": the business's own words when they name a price for it; otherwise
 * that prices are not on file, whether it offers the thing, and that the team confirms the price.
 */
export function pricesAnswer(ctx: AnswerContext, subject: string | null): AssistantTurn {
  const es = ctx.language === 'es';
  const smartReplies = [
    ...pickKeys(['book'], ctx.language).slice(0, 1),
    repliesIn(ctx.language).contactSupport,
    repliesIn(ctx.language).services,
  ];
  const found = subject ? bestKnowledge(ctx.business, subject) : null;
  if (found && PRICE.test(found.answer)) return { ...knowledgeAnswer(ctx, found), smartReplies };
  const thing = subject ? `**${escapeInlineValue(subject)}**` : null;
  const description = ctx.business.description?.trim();
  return {
    reply: paragraphs(
      es
        ? `No tengo una lista de precios${thing ? ` para ${thing}` : ''}: el precio depende del servicio, y el equipo te confirma el precio exacto al reservar.`
        : `I don't have a price list${thing ? ` for ${thing}` : ''} on file: prices depend on the service, and the team confirms the exact price when you book.`,
      found
        ? `${es ? `Esto es lo que dice ${boldName(ctx)}:` : `Here's what ${boldName(ctx)} says:`}\n\n${escapeMarkdown(found.answer)}`
        : description
          ? `${es ? `Esto es lo que ofrece ${boldName(ctx)}:` : `Here's what ${boldName(ctx)} offers:`}\n\n${escapeMarkdown(description)}`
          : null,
      es
        ? `Si quieres un presupuesto ahora, toca ${contactSupportIn('es')}.`
        : `For a quote right away, tap ${contactSupportIn('en')}.`,
    ),
    smartReplies,
  };
}
