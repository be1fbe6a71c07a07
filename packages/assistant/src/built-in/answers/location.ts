import type { AssistantTurn } from '../../assistant-types.js';
import { escapeMarkdown, mapsUrl, markdownLink } from '../markdown-text.js';
import { REPLIES, pickReplies } from '../smart-replies.js';
import type { AnswerContext } from './answer-context.js';
import { boldName, paragraphs } from './answer-context.js';

/** "Where are you?": every location with an address, the primary one first, each with a maps link. */
export function locationAnswer(ctx: AnswerContext): AssistantTurn {
  const smartReplies = pickReplies([REPLIES.hours, REPLIES.book, REPLIES.services]);
  const located = [...ctx.business.locations]
    .filter((l) => l.address?.trim())
    .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary));
  if (located.length === 0) {
    return {
      reply: `I'm sorry, I don't have an address for ${boldName(ctx)} on file. The team will be happy to give you directions.`,
      smartReplies,
    };
  }
  if (located.length === 1) {
    const address = located[0]!.address!.trim();
    const name = located[0]!.name?.trim();
    return {
      reply: paragraphs(
        `You'll find ${boldName(ctx)} at:`,
        `${name ? `**${escapeMarkdown(name)}**  \n` : ''}${escapeMarkdown(address)}`,
        markdownLink('Open in Google Maps', mapsUrl(address)),
      ),
      smartReplies,
    };
  }
  const lines = located.map((l) => {
    const address = l.address!.trim();
    const label = l.name?.trim() ? `**${escapeMarkdown(l.name.trim())}**: ` : '';
    const main = l.isPrimary ? ' _(main location)_' : '';
    return `- ${label}${escapeMarkdown(address)}${main} (${markdownLink('map', mapsUrl(address))})`;
  });
  return {
    reply: paragraphs(`${boldName(ctx)} has ${located.length} locations:`, lines.join('\n')),
    smartReplies,
  };
}
