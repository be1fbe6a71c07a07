/**
 * What a visitor's message asks for, by keywords. Deliberately simple and deterministic: the
 * built-in assistant exists to exercise the page, not to understand language. Checked in order,
 * so "Can I book for Saturday morning?" is a booking, not a question about hours.
 */
import type { SuggestedQuestion } from '@chat/core';

export type Intent = 'booking' | 'hours' | 'location' | 'services' | 'introduction' | 'thanks' | 'fallback';

/** The kind of booking change a booking message asks for. */
export type BookingKind = 'book' | 'reschedule' | 'cancel';

const PATTERNS: Array<[Exclude<Intent, 'fallback'>, RegExp]> = [
  [
    'booking',
    /\b(book|books|booked|booking|bookings|reschedul\w*|appointments?|reservations?|reserve|cancel)\b/,
  ],
  ['hours', /\b(hours?|open|opens|opening|close|closes|closed|closing|when)\b/],
  ['location', /\b(where|address|located|locations?|directions?|find you|parking|map)\b/],
  [
    'services',
    /\b(services?|offer|offers|offerings?|prices?|pricing|cost|costs|how much|menu|treatments?|rates?|do you do)\b/,
  ],
  [
    'introduction',
    /^(hi|hello|hey|hiya|howdy|greetings|good (morning|afternoon|evening))\b|\bwho (are|is) (you|this)\b|\bwhat (are|is) (you|this)\b|\babout (you|yourself|your business|the business|this business)\b/,
  ],
  ['thanks', /\b(thanks|thank you|thank u|thx|cheers)\b/],
];

/** Lower case, with punctuation turned into spaces and runs of spaces collapsed. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export function detectIntent(text: string): Intent {
  const normalised = normalise(text);
  for (const [intent, pattern] of PATTERNS) {
    if (pattern.test(normalised)) return intent;
  }
  return 'fallback';
}

/**
 * Whichever kind of change the text names first: "Can I change my booking? Reschedule or cancel"
 * is a change, "Cancel, don't reschedule" a cancellation. Naming neither means a new booking.
 */
export function bookingKind(text: string): BookingKind {
  const normalised = normalise(text);
  const cancel = normalised.search(/\bcancel/);
  const reschedule = normalised.search(
    /\b(reschedul|change|changing|move|moving|modify|update|different time|another time)/,
  );
  if (cancel === -1 && reschedule === -1) return 'book';
  if (cancel === -1) return 'reschedule';
  if (reschedule === -1) return 'cancel';
  return cancel < reschedule ? 'cancel' : 'reschedule';
}

/**
 * The suggested question the text repeats, if any. The page may send a question's first line
 * alone or both lines together, so either matches.
 */
export function matchSuggestedQuestion(
  text: string,
  questions: readonly SuggestedQuestion[],
): SuggestedQuestion | null {
  const said = normalise(text);
  if (!said) return null;
  return (
    questions.find((q) => {
      const line1 = normalise(q.line1);
      const both = normalise(`${q.line1} ${q.line2}`);
      return said === line1 || said === both;
    }) ?? null
  );
}
