/**
 * "Do you do X?" on the demo's Bella Vista Salon: whatever the business wrote about itself (FAQ,
 * description, suggested questions) counts as listed, a common service word finds its everyday
 * synonyms (./knowledge/related-words.ts), and "Can I get my nails done?" asks the same thing.
 */
import type { Business } from '@chat/core';
import { describe, expect, it } from 'vitest';
import { ask, demoBusiness } from '../assistant-test-fixtures.js';
import { relatedWords } from './knowledge/related-words.js';
import { contentWords } from './knowledge/search-terms.js';

const BELLA_VISTA = demoBusiness('bella-vista-salon');
/** Monday 2 March 2026, 10:30 in New York. */
const MONDAY = Date.parse('2026-03-02T15:30:00Z');
const visit = (text: string, business: Business = BELLA_VISTA) => ask(text, { business, nowMs: MONDAY });
/** Bella Vista with only the given words about itself. */
const writing = (words: Partial<Pick<Business, 'description' | 'faq' | 'suggestedQuestions'>>): Business => ({
  ...BELLA_VISTA,
  description: '',
  faq: [],
  suggestedQuestions: [],
  ...words,
});
const NOT_LISTED = "I don't see";
const YES = "Yes! Here's what **Bella Vista Salon** says:";

describe('built-in assistant: what Bella Vista lists', () => {
  it('"Do you do nails?" finds the manicures of its description', () => {
    const turn = visit('Do you do nails?');
    expect(turn.reply).toContain(YES);
    expect(turn.reply).toContain('manicures');
    expect(turn.reply).not.toContain(NOT_LISTED);
  });

  it('"Can I get my nails done?" is understood as "Do you do nails?", listed or not', () => {
    for (const thing of ['nails', 'eyebrows']) {
      const doYou = visit(`Do you do ${thing}?`);
      for (const text of [`Can I get my ${thing} done?`, `I'd like to have my ${thing} done`]) {
        expect(visit(text), text).toEqual(doYou);
      }
    }
    expect(visit('Can I get my eyebrows done?').reply).toContain(`${NOT_LISTED} **eyebrows**`);
  });

  it('finds other services by their everyday names ("haircuts" for "cuts", "dye" for "color")', () => {
    for (const text of ['Do you do haircuts?', 'Do you do hair dye?']) {
      expect(visit(text).reply, text).toContain(YES);
    }
  });

  it('counts a thing named only in a suggested question as listed, and leaves the details to the team', () => {
    const business = writing({
      description: 'A hair salon in Brooklyn.',
      suggestedQuestions: [{ line1: 'Which services do you offer?', line2: 'Cuts, color, nails and more' }],
    });
    const turn = visit('Do you do nails?', business);
    expect(turn.reply).not.toContain(NOT_LISTED);
    expect(turn.reply).toContain("That's a great question for the team");
    expect(turn.reply).toContain('A hair salon in Brooklyn.');
    // It quotes no suggested question as if it were an answer.
    expect(turn.reply).not.toContain('Cuts, color, nails and more');
  });

  it('still says a thing is not listed when the business names it nowhere', () => {
    expect(visit('Do you do balayage?').reply).toContain(`${NOT_LISTED} **balayage**`);
  });

  it('takes a kind of service for the service, but not for another kind ("pedicure" is not "manicure")', () => {
    const manicures = writing({ description: 'We offer manicures.' });
    expect(visit('Do you do nails?', manicures).reply).toContain(`${YES}\n\nWe offer manicures.`);
    expect(visit('Do you do pedicures?', manicures).reply).toContain(`${NOT_LISTED} **pedicures**`);
    expect(
      visit('Do you do pedicures?', writing({ description: 'Nails done while you wait.' })).reply,
    ).toContain(`${YES}\n\nNails done while you wait.`);
  });

  it("prefers the business's own word over related ones", () => {
    const business = writing({
      description: 'Manicures and pedicures. Nail art by appointment at both salons.',
    });
    expect(visit('Do you do nails?', business).reply).toContain('Nail art by appointment');
  });
});

describe('built-in assistant: what Bella Vista lists, asked in Spanish', () => {
  it('"¿Hacen uñas?" finds the manicures, and "¿Puedo hacerme las uñas?" asks the same', () => {
    const turn = visit('¿Hacen uñas?');
    expect(turn.reply).toContain('Sí, ofrecemos esto, según **Bella Vista Salon**:');
    expect(turn.reply).toContain('manicures');
    expect(turn.reply).not.toContain('No veo');
    expect(visit('¿Puedo hacerme las uñas?')).toEqual(turn);
  });

  it('finds "uñas" that the business wrote, from English or Spanish', () => {
    const business = writing({ description: 'Peluquería en Madrid: cortes, color y uñas.' });
    expect(visit('Do you do nails?', business).reply).toContain(
      `${YES}\n\nPeluquería en Madrid: cortes, color y uñas.`,
    );
    expect(visit('¿Hacen uñas?', business).reply).toContain(
      'Sí, ofrecemos esto, según **Bella Vista Salon**:\n\nPeluquería en Madrid: cortes, color y uñas.',
    );
  });
});

describe('related words and search terms', () => {
  it('relates an everyday word to its kinds, and each kind to it, but not kinds to each other', () => {
    expect(relatedWords('nails')).toEqual(expect.arrayContaining(['manicure', 'pedicure', 'uñas']));
    expect(relatedWords('Manicures')).toEqual(expect.arrayContaining(['nails', 'uñas']));
    expect(relatedWords('manicure')).not.toContain('pedicure');
    expect(relatedWords('balayage')).toEqual([]);
  });

  it('keeps "uñas" (nails), which is not the stop word "unas" (some)', () => {
    expect(contentWords('¿Hacen uñas?')).toEqual(['uñas']);
    expect(contentWords('unas tijeras')).toEqual(['tijeras']);
  });
});
