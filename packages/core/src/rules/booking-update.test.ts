import { describe, expect, it } from 'vitest';
import {
  BOOKING_UPDATE_MARKER,
  bookingUpdateMessage,
  bookingUpdateValue,
  clampedBookingUpdateMessage,
  isBookingUpdate,
  visibleText,
} from './booking-update.js';
import { MAX_MESSAGE_LENGTH } from '../model/message.js';

describe('booking-update marker (§2 query parameter i)', () => {
  it('is a non-empty marker that ordinary text does not start with', () => {
    expect(BOOKING_UPDATE_MARKER.length).toBeGreaterThan(0);
    expect(isBookingUpdate('Can I move my booking?')).toBe(false);
  });

  it('bookingUpdateMessage puts the marker before the value', () => {
    expect(bookingUpdateMessage('abc123')).toBe(`${BOOKING_UPDATE_MARKER}abc123`);
  });

  it('isBookingUpdate recognises a message made by bookingUpdateMessage', () => {
    expect(isBookingUpdate(bookingUpdateMessage('abc123'))).toBe(true);
    expect(isBookingUpdate(bookingUpdateMessage(''))).toBe(true);
  });

  it('isBookingUpdate needs the marker at the start', () => {
    expect(isBookingUpdate(`note ${BOOKING_UPDATE_MARKER}abc`)).toBe(false);
  });

  it('bookingUpdateValue returns the value after the marker, or null without one', () => {
    expect(bookingUpdateValue(bookingUpdateMessage('booking 42 moved'))).toBe('booking 42 moved');
    expect(bookingUpdateValue(bookingUpdateMessage(''))).toBe('');
    expect(bookingUpdateValue('booking 42 moved')).toBeNull();
  });
});

describe('visibleText (§2: the marker’s literal text is not shown)', () => {
  it('removes the marker from a booking-update message', () => {
    expect(visibleText(bookingUpdateMessage('abc123'))).toBe('abc123');
  });

  it('removes the marker wherever and however often it appears', () => {
    const text = `a${BOOKING_UPDATE_MARKER}b${BOOKING_UPDATE_MARKER}${BOOKING_UPDATE_MARKER}c`;
    expect(visibleText(text)).toBe('abc');
    expect(visibleText(text)).not.toContain(BOOKING_UPDATE_MARKER);
  });

  it('leaves ordinary text untouched', () => {
    expect(visibleText('Hello [[there]]')).toBe('Hello [[there]]');
  });
});

describe('clampedBookingUpdateMessage (§2 i, §9 message length)', () => {
  it('keeps a value that fits with the marker', () => {
    expect(clampedBookingUpdateMessage('BK-1')).toEqual({
      text: `${BOOKING_UPDATE_MARKER}BK-1`,
      truncated: false,
    });
  });
  it('cuts the value so that marker and value fit in 2048 characters', () => {
    const { text, truncated } = clampedBookingUpdateMessage('x'.repeat(3000));
    expect(truncated).toBe(true);
    expect(text).toHaveLength(MAX_MESSAGE_LENGTH);
    expect(text.startsWith(BOOKING_UPDATE_MARKER)).toBe(true);
  });
});
