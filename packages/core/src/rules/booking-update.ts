import { MAX_MESSAGE_LENGTH } from '../model/message.js';
import { clampToLimit } from './chat-input.js';

/**
 * The booking-update marker (§2 query parameter `i`). A message made of the marker followed by a
 * value asks the assistant for a booking update; the marker itself is never shown to the visitor.
 */
export const BOOKING_UPDATE_MARKER = '[[booking-update]]';

/** The message text for `?i=value`. */
export function bookingUpdateMessage(value: string): string {
  return `${BOOKING_UPDATE_MARKER}${value}`;
}

/**
 * The message for `?i=value` within the message limit: the value is cut so that marker and value
 * together fit (a longer message would be refused when saved). `truncated` tells whether it was.
 */
export function clampedBookingUpdateMessage(value: string): { text: string; truncated: boolean } {
  const clamped = clampToLimit(value, MAX_MESSAGE_LENGTH - BOOKING_UPDATE_MARKER.length);
  return { text: bookingUpdateMessage(clamped.text), truncated: clamped.truncated };
}

/** Whether a message text carries the marker. */
export function isBookingUpdate(text: string): boolean {
  return text.startsWith(BOOKING_UPDATE_MARKER);
}

/** The value after the marker, or null when the text has none. */
export function bookingUpdateValue(text: string): string | null {
  return isBookingUpdate(text) ? text.slice(BOOKING_UPDATE_MARKER.length) : null;
}

/** The text as shown to the visitor: the marker removed, wherever it appears. */
export function visibleText(text: string): string {
  return text.split(BOOKING_UPDATE_MARKER).join('');
}
