import { describe, expect, it } from 'vitest';
import { isChatEnabled, type Business } from '../model/business.js';
import { isOutsideBusinessHours } from '../rules/business-hours.js';
import { readBusiness } from './read-business.js';

const base = { businessName: 'Corner Cafe', handle: 'corner', verification: { status: 'approved' } };
// A Monday, 12:00 in New York.
const MONDAY_NOON_NY = Date.parse('2026-03-02T17:00:00Z');

function read(extra: Record<string, unknown>) {
  const result = readBusiness({ ...base, ...extra }, 'corner-cafe');
  if (!result.ok) throw new Error(result.problem);
  return result;
}

describe('readBusiness: liberal in what the page reads', () => {
  it('reads a well-formed business as it is', () => {
    const { value, warnings } = read({
      suggestedQuestions: [{ line1: 'Hours?', line2: 'Open today?' }],
      hours: {
        timeZone: 'America/New_York',
        weeklySchedule: { monday: { isOpen: true, intervals: [{ start: '09:00', end: '17:00' }] } },
      },
    });
    expect(value).toEqual({
      id: 'corner-cafe',
      handle: 'corner',
      businessName: 'Corner Cafe',
      suggestedQuestions: [{ line1: 'Hours?', line2: 'Open today?' }],
      verification: { status: 'approved' },
      locations: [],
      hours: {
        timeZone: 'America/New_York',
        weeklySchedule: { monday: { isOpen: true, intervals: [{ start: '09:00', end: '17:00' }] } },
      },
    });
    expect(warnings).toEqual([]);
  });

  it.each(['suspended', 'in_review', undefined, 7])(
    'reads verification status %j as pending (Not Yet Verified)',
    (status) => {
      const { value } = read({ verification: status === undefined ? undefined : { status } });
      expect(value.verification.status).toBe('pending');
      expect(isChatEnabled(value)).toBe(false);
    },
  );

  it.each([
    ['24:00', '17:00'],
    ['9:00', '17:00'],
    ['09:00', 'late'],
  ])(
    'skips a day with the interval %s–%s, with one warning; the flag sees no schedule that day',
    (start, end) => {
      const { value, warnings } = read({
        hours: {
          timeZone: 'America/New_York',
          weeklySchedule: {
            monday: { isOpen: true, intervals: [{ start, end }] },
            tuesday: { isOpen: true, intervals: [{ start: '09:00', end: '17:00' }] },
          },
        },
      });
      expect(value.hours?.weeklySchedule?.monday).toBeUndefined();
      expect(value.hours?.weeklySchedule?.tuesday).toBeDefined();
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('hours.weeklySchedule.monday');
      expect(isOutsideBusinessHours(value, MONDAY_NOON_NY)).toBe(false);
    },
  );

  it('skips the schedule of an unknown time zone, with one warning', () => {
    const { value, warnings } = read({
      locations: [
        {
          isPrimary: true,
          hours: { timeZone: 'Mars/Olympus_Mons', weeklySchedule: { monday: { isOpen: false } } },
        },
      ],
    });
    expect(value.locations[0]?.hours?.weeklySchedule).toBeUndefined();
    expect(warnings).toEqual([expect.stringContaining('locations[0].hours.timeZone')]);
    expect(isOutsideBusinessHours(value, MONDAY_NOON_NY)).toBe(false);
  });

  it('reads a missing handle as empty, skips empty suggested-question lines and drops unknown fields', () => {
    const { value } = readBusiness(
      {
        businessName: 'No Handle',
        verification: { status: 'approved' },
        suggestedQuestions: [{ line1: '' }, { line1: '  ' }, { line1: 'Real?' }, 'text', null],
        ownerEmail: 'x@example.com',
        plan: { tier: 'gold' },
      },
      'no-handle',
    ) as { ok: true; value: Record<string, unknown> };
    expect(value.handle).toBe('');
    expect(value.suggestedQuestions).toEqual([{ line1: 'Real?', line2: '' }]);
    expect(value).not.toHaveProperty('ownerEmail');
    expect(value).not.toHaveProperty('plan');
  });

  it('keeps the business’s and a location’s brandColor; drops a malformed one with a warning (issue 29)', () => {
    const { value, warnings } = readBusiness(
      {
        businessName: 'Coloured',
        verification: { status: 'approved' },
        brandColor: '#1E3A8A',
        locations: [{ isPrimary: true, brandColor: '#0f766e' }, { brandColor: 'red' }],
      },
      'coloured',
    ) as { ok: true; value: Business; warnings: string[] };
    expect(value.brandColor).toBe('#1E3A8A');
    expect(value.locations[0]?.brandColor).toBe('#0f766e');
    expect(value.locations[1]).not.toHaveProperty('brandColor');
    expect(warnings).toEqual([expect.stringContaining('locations[1].brandColor "red" is not a colour')]);
    const bad = readBusiness({ businessName: 'X', brandColor: 42 }, 'x') as { ok: true; value: Business };
    expect(bad.value).not.toHaveProperty('brandColor');
  });

  it('cannot read a business without a name or that is not an object', () => {
    expect(readBusiness({ verification: { status: 'approved' } }, 'x')).toMatchObject({
      ok: false,
      problem: 'businessName: missing',
    });
    expect(readBusiness('nope', 'x')).toMatchObject({ ok: false });
  });

  it('reads the FAQ entries that have a question and an answer, trimmed, and skips the rest', () => {
    const { value } = read({
      faq: [
        { question: ' Gift cards? ', answer: ' Yes, from $25. ' },
        { question: 'No answer' },
        'not an entry',
        { question: '', answer: 'No question' },
      ],
    });
    expect(value.faq).toEqual([{ question: 'Gift cards?', answer: 'Yes, from $25.' }]);
    expect(read({}).value.faq).toBeUndefined();
  });
});
