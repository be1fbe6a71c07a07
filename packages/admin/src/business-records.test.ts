import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkBusinessRecords, readBusinessRecords } from './business-records.js';

const DEMO_FILE = new URL('../demo-businesses.json', import.meta.url);
const demo = () => JSON.parse(readFileSync(DEMO_FILE, 'utf8')) as Array<Record<string, unknown>>;

const problemsOf = (json: unknown) => {
  const result = checkBusinessRecords(json);
  return result.ok ? [] : result.problems;
};

describe('a businesses file', () => {
  it('accepts the demo businesses, with the schema defaults filled in', () => {
    const result = checkBusinessRecords(demo());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.businesses.map((b) => `${b.id} @${b.handle} ${b.verification.status}`)).toEqual([
      'bella-vista-salon @bellavista approved',
      'sunrise-bakery @sunrisebakery pending',
      'quickfix-garage @quickfixgarage denied',
      'night-owl-books @nightowlbooks approved',
      'maple-dental @mapledental pending',
    ]);
    expect(result.businesses[4]!.locations).toEqual([]);
  });

  it('names the record and the field of every problem', () => {
    const records = demo();
    records[1] = { ...records[1], verification: { status: 'verified' } };
    records[3] = { ...records[3], businessName: '' };
    expect(problemsOf(records)).toEqual([
      expect.stringMatching(/^record 2 \("sunrise-bakery"\), field verification\.status: /),
      expect.stringMatching(/^record 4 \("night-owl-books"\), field businessName: /),
    ]);
  });

  it('names nested fields by their path', () => {
    const records = demo();
    const [first] = records as [{ locations: Array<{ hours: { timeZone: string } }> }];
    first.locations[0]!.hours.timeZone = 'Mars/Olympus';
    expect(problemsOf(records)).toEqual([
      'record 1 ("bella-vista-salon"), field locations[0].hours.timeZone: must be an IANA time zone name',
    ]);
  });

  it('refuses a field the schema does not know, instead of dropping it', () => {
    const records = demo().slice(0, 1);
    records[0] = { ...records[0], descripton: 'typo' };
    expect(problemsOf(records)).toEqual([
      'record 1 ("bella-vista-salon"), field descripton: not a field of a business (see packages/core/src/schema/business.ts)',
    ]);
  });

  it('refuses a repeated id or handle, and a handle Firestore reserves', () => {
    const [first] = demo();
    expect(
      problemsOf([
        first,
        { ...first, handle: 'other' },
        { ...first, id: 'another', handle: first!.handle },
        { ...first, id: 'dots', handle: '..' },
      ]),
    ).toEqual([
      'record 2 ("bella-vista-salon"), field id: "bella-vista-salon" is already the id of record 1',
      'record 3 ("another"), field handle: "bellavista" is already the handle of record 1',
      `record 4 ("dots"), field handle: ".." is reserved by Firestore ('.', '..' or __…__)`,
    ]);
  });

  it('must be a JSON array', () => {
    expect(readBusinessRecords('{"id": "x"}', 'one.json')).toEqual({
      ok: false,
      problems: ['the file must hold a JSON array of businesses ([ { "id": …, … }, … ])'],
    });
    const broken = readBusinessRecords('[{', 'broken.json');
    expect(broken.ok).toBe(false);
    expect(broken.ok ? '' : broken.problems[0]).toMatch(/^broken\.json is not valid JSON: /);
  });
});
