import { describe, expect, it } from 'vitest';
import { fromRestFields, fromRestValue, toRestFields } from './firestore-rest-values.js';

describe('Firestore REST values', () => {
  it('round-trips a business-shaped document', () => {
    const business = {
      handle: 'bellavista',
      businessName: 'Bella Vista Salon',
      verification: { status: 'approved' },
      suggestedQuestions: [{ line1: 'Hours?', line2: '' }],
      locations: [
        { isPrimary: true, hours: { weeklySchedule: { sunday: { isOpen: false, intervals: [] } } } },
      ],
      rating: 4.5,
      reviews: 12,
      closedOn: null,
      description: undefined,
    };
    const fields = toRestFields(business);
    expect(fields.reviews).toEqual({ integerValue: '12' });
    expect(fields.rating).toEqual({ doubleValue: 4.5 });
    expect('description' in fields).toBe(false);
    const { description: _omitted, ...stored } = business;
    expect(fromRestFields(fields)).toEqual(stored);
  });

  it('reads timestamps as whole epoch milliseconds', () => {
    expect(fromRestValue({ timestampValue: '2026-11-21T15:30:00.250999Z' })).toBe(
      Date.UTC(2026, 10, 21, 15, 30, 0, 250),
    );
  });

  it('refuses values Firestore cannot hold', () => {
    expect(() => toRestFields({ n: Number.NaN })).toThrow(/NaN/);
    expect(() => toRestFields({ f: () => 1 })).toThrow(/function/);
  });
});
