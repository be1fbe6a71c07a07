import { describe, expect, it } from 'vitest';
import { loadCatalogue } from './catalogue.js';
import { LANGUAGES } from './language.js';
import { SYSTEM_NOTICE_KEYS, SYSTEM_NOTICE_TEXTS } from './system-notices.js';

describe('SYSTEM_NOTICE_TEXTS', () => {
  it("is every shipped catalogue's notices, language by language (the page saves those, and only those)", async () => {
    const catalogues = await Promise.all(LANGUAGES.map(loadCatalogue));
    expect(SYSTEM_NOTICE_TEXTS).toEqual(
      catalogues.flatMap(({ ui }) => SYSTEM_NOTICE_KEYS.map((key) => ui[key])),
    );
    expect(new Set(SYSTEM_NOTICE_TEXTS).size).toBe(SYSTEM_NOTICE_TEXTS.length);
  });
});
