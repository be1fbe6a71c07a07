import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isChatEnabled, isOutsideBusinessHours } from '@chat/core';
import { DEFAULT_FIXTURES_DIR, FixtureError, loadFixtures } from './fixtures.js';

describe('fixtures', () => {
  it('hold the default, pending and denied businesses with their handles', () => {
    const { businesses, testNumbers } = loadFixtures();
    const byId = new Map(businesses.map((b) => [b.id, b]));
    expect(byId.get('bella-vista-salon')).toMatchObject({
      handle: 'bellavista',
      verification: { status: 'approved' },
    });
    expect(byId.get('sunrise-bakery')).toMatchObject({
      handle: 'sunrisebakery',
      verification: { status: 'pending' },
    });
    expect(byId.get('quickfix-garage')).toMatchObject({
      handle: 'quickfixgarage',
      verification: { status: 'denied' },
    });
    expect(testNumbers['+15555550100']).toEqual({ code: '123456', displayName: 'Test Visitor' });

    const bella = byId.get('bella-vista-salon')!;
    expect(isChatEnabled(bella)).toBe(true);
    expect(bella.suggestedQuestions).toHaveLength(4);
    expect(bella.suggestedQuestions.every((q) => q.line1 && q.line2)).toBe(true);
    const primary = bella.locations.find((l) => l.isPrimary)!;
    expect(primary.address).toBeTruthy();
    expect(primary.hours?.timeZone).toBe('America/New_York');
    expect(primary.hours?.weeklySchedule?.monday?.isOpen).toBe(false);
    // Monday 2030-01-07 10:00 in New York: closed all day. Tuesday 10:00: open.
    expect(isOutsideBusinessHours(bella, Date.parse('2030-01-07T15:00:00Z'))).toBe(true);
    expect(isOutsideBusinessHours(bella, Date.parse('2030-01-08T15:00:00Z'))).toBe(false);
  });

  it('refuse two businesses whose handles differ only by case (issue 29)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fixtures-'));
    const [bella] = loadFixtures().businesses;
    fs.writeFileSync(
      path.join(dir, 'businesses.json'),
      JSON.stringify([bella, { ...bella, id: 'lookalike', handle: 'BellaVista' }]),
    );
    fs.writeFileSync(path.join(dir, 'test-phone-numbers.json'), '{}');
    expect(() => loadFixtures(dir)).toThrow(
      '"BellaVista" is the handle of business "bella-vista-salon" (handles are the same whatever their case)',
    );
  });

  it('name the file and the field of a bad fixture', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fixtures-'));
    try {
      const businesses = JSON.parse(
        fs.readFileSync(path.join(DEFAULT_FIXTURES_DIR, 'businesses.json'), 'utf8'),
      );
      businesses[1].locations[0].hours.weeklySchedule.friday.intervals[0].end = '25:00';
      fs.writeFileSync(path.join(dir, 'businesses.json'), JSON.stringify(businesses));
      fs.copyFileSync(
        path.join(DEFAULT_FIXTURES_DIR, 'test-phone-numbers.json'),
        path.join(dir, 'test-phone-numbers.json'),
      );
      expect(() => loadFixtures(dir)).toThrow(FixtureError);
      expect(() => loadFixtures(dir)).toThrow(
        `businesses.json, field [1].locations[0].hours.weeklySchedule.friday.intervals[0].end: must be HH:mm`,
      );

      businesses[1].locations[0].hours.weeklySchedule.friday.intervals[0].end = '15:00';
      businesses[2].id = businesses[0].id;
      fs.writeFileSync(path.join(dir, 'businesses.json'), JSON.stringify(businesses));
      expect(() => loadFixtures(dir)).toThrow(/field \[2\]\.id: duplicate id/);

      businesses[2].id = 'quickfix-garage';
      fs.writeFileSync(path.join(dir, 'businesses.json'), JSON.stringify(businesses));
      fs.writeFileSync(path.join(dir, 'test-phone-numbers.json'), '{"+15555550100": {"code": "12"}}');
      expect(() => loadFixtures(dir)).toThrow(
        /test-phone-numbers\.json, field \+15555550100\.code: must be 6 digits/,
      );
      fs.writeFileSync(path.join(dir, 'test-phone-numbers.json'), '{');
      expect(() => loadFixtures(dir)).toThrow(/test-phone-numbers\.json: .*JSON/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
