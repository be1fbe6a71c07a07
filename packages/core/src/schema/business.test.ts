import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isChatEnabled } from '../model/business.js';
import { BusinessSchema } from './business.js';

/** A business with every §3 field filled in, shaped like the bella-vista-salon fixture. */
const fullBusiness = () => ({
  id: 'bella-vista-salon',
  handle: 'bellavista',
  businessName: 'Bella Vista Salon',
  description: 'A hair and beauty salon.',
  suggestedQuestions: [
    { line1: 'What services', line2: 'do you offer?' },
    { line1: 'Can I book', line2: 'for tomorrow?' },
  ],
  verification: { status: 'approved' },
  locations: [
    {
      name: 'Main street',
      address: '1 Main St',
      isPrimary: true,
      hours: {
        timeZone: 'America/New_York',
        weeklySchedule: {
          monday: { isOpen: true, intervals: [{ start: '09:00', end: '17:00' }] },
          tuesday: {
            isOpen: true,
            intervals: [
              { start: '09:00', end: '12:00' },
              { start: '13:00', end: '19:30' },
            ],
          },
          sunday: { isOpen: false, intervals: [] },
        },
      },
    },
  ],
  hours: { timeZone: 'America/New_York', weeklySchedule: { saturday: { isOpen: true } } },
});

/** The distinct dotted paths of the issues, e.g. 'verification.status'. */
function issuePaths(value: unknown): string[] {
  const result = BusinessSchema.safeParse(value);
  expect(result.success).toBe(false);
  return result.success ? [] : [...new Set(result.error.issues.map((issue) => issue.path.join('.')))];
}

describe('BusinessSchema (§3 Business)', () => {
  it('accepts a full valid business unchanged', () => {
    const parsed = BusinessSchema.parse(fullBusiness());
    expect(parsed.businessName).toBe('Bella Vista Salon');
    expect(parsed.locations[0]?.hours?.weeklySchedule?.tuesday?.intervals).toHaveLength(2);
  });

  it('fills the defaults of optional lists', () => {
    const parsed = BusinessSchema.parse({
      id: 'b1',
      handle: 'b1',
      businessName: 'B',
      verification: { status: 'pending' },
      locations: [{}],
      hours: { weeklySchedule: { saturday: { isOpen: true } } },
    });
    expect(parsed.suggestedQuestions).toEqual([]);
    expect(parsed.locations[0]?.isPrimary).toBe(false);
    expect(parsed.hours?.weeklySchedule?.saturday?.intervals).toEqual([]);
  });

  it('keeps an optional FAQ list, and rejects an entry without an answer, naming it', () => {
    const faq = [{ question: 'Do you sell gift cards?', answer: 'Yes, from $25.' }];
    expect(BusinessSchema.parse({ ...fullBusiness(), faq }).faq).toEqual(faq);
    expect(BusinessSchema.parse(fullBusiness()).faq).toBeUndefined();
    expect(issuePaths({ ...fullBusiness(), faq: [{ question: 'Walk-ins?', answer: '' }] })).toEqual([
      'faq.0.answer',
    ]);
  });

  it('rejects an unknown verification status, naming verification.status', () => {
    expect(issuePaths({ ...fullBusiness(), verification: { status: 'verified' } })).toEqual([
      'verification.status',
    ]);
  });

  it('rejects a missing verification, naming verification', () => {
    const { verification: _omitted, ...rest } = fullBusiness();
    expect(issuePaths(rest)).toEqual(['verification']);
  });

  it('rejects an interval that is not HH:mm, naming the interval', () => {
    const business = fullBusiness();
    business.hours = {
      timeZone: 'America/New_York',
      weeklySchedule: { monday: { isOpen: true, intervals: [{ start: '9:00', end: '17:00' }] } } as never,
    };
    expect(issuePaths(business)).toEqual(['hours.weeklySchedule.monday.intervals.0.start']);
    const result = BusinessSchema.safeParse(business);
    expect(result.success || z.prettifyError(result.error)).toContain('must be HH:mm');
  });

  it.each(['24:00', '12:60', '1200', '12:00:00', ''])('rejects the time %j', (end) => {
    const business = fullBusiness();
    business.locations[0]!.hours.weeklySchedule.monday.intervals[0]!.end = end;
    expect(issuePaths(business)).toEqual(['locations.0.hours.weeklySchedule.monday.intervals.0.end']);
  });

  it('rejects a time zone that Intl does not know, naming hours.timeZone', () => {
    const business = fullBusiness();
    business.hours.timeZone = 'Mars/Base';
    expect(issuePaths(business)).toEqual(['hours.timeZone']);
    const result = BusinessSchema.safeParse(business);
    expect(result.success || z.prettifyError(result.error)).toContain('must be an IANA time zone name');
  });

  it('rejects an id or handle that is unsafe in a URL path', () => {
    expect(issuePaths({ ...fullBusiness(), id: 'a/b' })).toEqual(['id']);
    expect(issuePaths({ ...fullBusiness(), handle: 'bella vista' })).toEqual(['handle']);
    expect(issuePaths({ ...fullBusiness(), id: '' })).toEqual(['id']);
  });

  it('rejects a suggested question without line1', () => {
    expect(issuePaths({ ...fullBusiness(), suggestedQuestions: [{ line2: 'only' }] })).toEqual([
      'suggestedQuestions.0.line1',
    ]);
  });

  it('rejects a non-boolean isOpen', () => {
    const business = fullBusiness();
    (business.locations[0]!.hours.weeklySchedule.sunday as { isOpen: unknown }).isOpen = 'no';
    expect(issuePaths(business)).toEqual(['locations.0.hours.weeklySchedule.sunday.isOpen']);
  });
});

describe('brandColor (optional business colour)', () => {
  it('accepts #rrggbb and rejects anything else', () => {
    expect(BusinessSchema.parse({ ...fullBusiness(), brandColor: '#0F766E' }).brandColor).toBe('#0F766E');
    for (const bad of ['red', '#fff', '0f766e', '#0f766e; x']) {
      expect(issuePaths({ ...fullBusiness(), brandColor: bad })).toEqual(['brandColor']);
    }
  });
});

describe('isChatEnabled (§1, §6: only an approved business can be chatted with)', () => {
  it('is true only for approved', () => {
    expect(isChatEnabled({ verification: { status: 'approved' } })).toBe(true);
    expect(isChatEnabled({ verification: { status: 'pending' } })).toBe(false);
    expect(isChatEnabled({ verification: { status: 'denied' } })).toBe(false);
  });
});
