import type { AssistantTurn } from '../../assistant-types.js';
import { escapeMarkdown, mapsUrl, markdownLink } from '../markdown-text.js';
import { pickKeys, repliesIn } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, contactSupportIn, paragraphs } from './answer-context.js';

/** "Where are you?": every location with an address, the primary one first, each with a maps link. */
export function locationAnswer(ctx: AnswerContext): AssistantTurn {
  const es = ctx.language === 'es';
  const smartReplies = pickKeys(['hours', 'book', 'services'], ctx.language);
  const addresses = addressLines(ctx);
  if (addresses === null) {
    return {
      reply: es
        ? `Lo siento, no tengo la dirección de ${boldName(ctx)}. El equipo te indicará con gusto cómo llegar.`
        : `I'm sorry, I don't have an address for ${boldName(ctx)} on file. The team will be happy to give you directions.`,
      smartReplies,
    };
  }
  return { reply: addresses, smartReplies };
}

/**
 * "Do you have parking?": the business lists nothing about parking, so say so plainly, point to
 * the team, and give the address — the part that helps the visitor plan the trip.
 */
export function parkingAnswer(ctx: AnswerContext): AssistantTurn {
  const es = ctx.language === 'es';
  const addresses = addressLines(ctx);
  return {
    reply: paragraphs(
      es
        ? `No tengo información sobre estacionamiento en ${boldName(ctx)}. El equipo te lo puede confirmar: toca ${contactSupportIn('es')}.`
        : `I don't have any parking details for ${boldName(ctx)} on file. The team can tell you: tap ${contactSupportIn('en')}.`,
      addresses,
    ),
    smartReplies: [repliesIn(ctx.language).contactSupport, ...pickKeys(['hours', 'book'], ctx.language)],
  };
}

/** The addresses as markdown, the primary one first, or null when none is on file. */
function addressLines(ctx: AnswerContext): string | null {
  const es = ctx.language === 'es';
  const mapLabel = es ? 'Abrir en Google Maps' : 'Open in Google Maps';
  const located = [...ctx.business.locations]
    .filter((l) => l.address?.trim())
    .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  if (located.length === 0) return null;
  if (located.length === 1) {
    const address = located[0]!.address!.trim();
    const name = located[0]!.name?.trim();
    return paragraphs(
      es ? `Encuentras ${boldName(ctx)} en:` : `You'll find ${boldName(ctx)} at:`,
      `${name ? `**${escapeMarkdown(name)}**  \n` : ''}${escapeMarkdown(address)}`,
      markdownLink(mapLabel, mapsUrl(address)),
    );
  }
  const lines = located.map((l) => {
    const address = l.address!.trim();
    const label = l.name?.trim() ? `**${escapeMarkdown(l.name.trim())}**: ` : '';
    const main = l.isPrimary ? (es ? ' _(sede principal)_' : ' _(main location)_') : '';
    return `- ${label}${escapeMarkdown(address)}${main} (${markdownLink(es ? 'mapa' : 'map', mapsUrl(address))})`;
  });
  return paragraphs(
    es
      ? `${boldName(ctx)} tiene ${located.length} sedes; nos encuentras en:`
      : `${boldName(ctx)} has ${located.length} locations:`,
    lines.join('\n'),
  );
}
