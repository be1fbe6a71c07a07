/**
 * The system prompt of a turn: assistant-settings.ts's SYSTEM_PROMPT with the business's own facts
 * filled in. The business's texts are its own record, not the visitor's words.
 */
import type { Business } from '@chat/core';
import { dateTimeFormat, effectiveHours } from '@chat/core';
import { SYSTEM_PROMPT } from './assistant-settings.js';
import { locationFacts } from './business-facts.js';

export function systemPrompt(business: Business, nowMs: number): string {
  const locations = locationFacts(business)
    .map((l) => `${l.name ? `${l.name}, ` : ''}${l.address}${l.isMain ? ' (main)' : ''}`)
    .join('; ');
  const values: Record<string, string> = {
    businessName: business.businessName,
    description: business.description?.trim() || '(no description on file)',
    locations: locations || '(no address on file)',
    today: localNow(business, nowMs),
  };
  return SYSTEM_PROMPT.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** "Monday, March 2, 2026, 10:30 AM Eastern Standard Time" in the business's zone (UTC without one). */
function localNow(business: Business, nowMs: number): string {
  const timeZone = effectiveHours(business)?.timeZone ?? 'UTC';
  return dateTimeFormat({ timeZone, dateStyle: 'full', timeStyle: 'long' }).format(new Date(nowMs));
}
