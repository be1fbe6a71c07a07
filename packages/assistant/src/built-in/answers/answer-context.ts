import type { Business, BusinessLocation } from '@chat/core';
import { SMART_REPLY_TEXT, SMART_REPLY_TEXT_ES } from '@chat/core';
import { escapeMarkdown, mapsUrl, markdownLink } from '../markdown-text.js';
import type { ReplyLanguage } from '../visitor-language.js';

/** What the answers are built from. */
export interface AnswerContext {
  business: Business;
  nowMs: number;
  userTimezone: string;
  /** The language of the reply (../visitor-language.ts); the business's own data is quoted as written. */
  language: ReplyLanguage;
}

/**
 * The page's button for reaching the team, as an answer in `language` names it, in bold: the words the
 * page shows on it in that language (the assistant offers it with §4's English words, smart-replies.ts,
 * and the page labels a reply that acts in the visitor's language).
 */
export function contactSupportIn(language: ReplyLanguage): string {
  return `**${(language === 'es' ? SMART_REPLY_TEXT_ES : SMART_REPLY_TEXT).contactSupport}**`;
}

/** The business name in bold, escaped. */
export function boldName(ctx: Pick<AnswerContext, 'business'>): string {
  return `**${escapeMarkdown(ctx.business.businessName)}**`;
}

/** The primary location, else the first one listed. */
export function mainLocation(business: Business): BusinessLocation | undefined {
  return business.locations.find((l) => l.isPrimary) ?? business.locations[0];
}

/** A directions link to the main location, or null when no address is on file. */
export function directionsLink(business: Business, label = 'Get directions on Google Maps'): string | null {
  const address = mainLocation(business)?.address?.trim();
  return address ? markdownLink(label, mapsUrl(address)) : null;
}

/** The "find us" link in the reply's language. */
export function findUsLink(ctx: AnswerContext): string | null {
  return directionsLink(
    ctx.business,
    ctx.language === 'es' ? 'Encuéntranos en Google Maps' : 'Find us on Google Maps',
  );
}

/** Paragraphs joined with blank lines, skipping empty ones. */
export function paragraphs(...parts: Array<string | null | undefined | false>): string {
  return parts.filter((p): p is string => typeof p === 'string' && p.trim() !== '').join('\n\n');
}
