/**
 * The built-in assistant of both chat services (issue 3 point 7, issue 27 item 7), used when no
 * scenario is scripted and when a language model fails. It answers from the business's own data in
 * markdown, in English or Spanish: who it is, its hours, where it is, what it offers, its FAQ
 * (through a full-text search), and says so with 'Contact Support' when nothing matches. Booking
 * changes and hand-offs need a verified phone: an anonymous visitor gets the requestPhoneSignIn
 * interrupt.
 *
 * Limits: intent patterns and word search, not language understanding; English and Spanish only; no
 * calendar, so booking changes are acknowledged as requests for the team, never as confirmed times.
 * Pure: it reads only its input (time comes in as nowMs) and the same input always gives the same turn.
 * See README.md next to this file.
 */
import type { TurnAssistant } from '../assistant-types.js';
import { respondToMessage } from './respond-to-message.js';
import { respondToResume } from './respond-to-resume.js';

export function createBuiltInAssistant(): TurnAssistant {
  return {
    respond(input) {
      return input.request.kind === 'message'
        ? respondToMessage(input, input.request.text)
        : respondToResume(input, input.request);
    },
  };
}
