/**
 * The phone check, decided by code: which visitor messages ask for a booking change, and which
 * replies claim one was made. Neither depends on what the model says.
 */
import { BOOKING_REQUEST_PATTERNS, FORBIDDEN_BOOKING_CLAIMS } from './assistant-settings.js';

export type BookingKind = keyof typeof BOOKING_REQUEST_PATTERNS;

/** The kind of booking change a visitor's message asks for, or null when it asks for none. */
export function bookingRequestKind(text: string): BookingKind | null {
  for (const kind of ['cancel', 'reschedule', 'book'] as const) {
    if (BOOKING_REQUEST_PATTERNS[kind].some((pattern) => pattern.test(text))) return kind;
  }
  return null;
}

/** Whether a reply says a booking was made, confirmed, moved or cancelled — which the assistant never may. */
export function claimsBookingChange(reply: string): boolean {
  return FORBIDDEN_BOOKING_CLAIMS.some((pattern) => pattern.test(reply));
}
