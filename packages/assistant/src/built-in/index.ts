/**
 * The built-in assistant of both chat services (issue 3 point 7), used when no scenario is
 * scripted. It answers from the business's own data in markdown: who it is, its hours and whether
 * it is open now, where it is, what it offers, its suggested questions, and anything else politely.
 * Booking changes need a verified phone: an anonymous visitor gets the requestPhoneSignIn interrupt.
 *
 * Limits: keyword matching, not language understanding; English only; no calendar, so booking
 * changes are acknowledged as requests for the team, never as confirmed times. Pure: it reads only
 * its input (time comes in as nowMs) and the same input always gives the same turn.
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
