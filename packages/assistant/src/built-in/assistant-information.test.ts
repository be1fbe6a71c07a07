import { BusinessSchema, PHONE_SIGN_IN_TOOL, SmartReplySchema, bookingUpdateMessage } from '@chat/core';
import type { Business } from '@chat/core';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AssistantTurn } from '../assistant-types.js';
import { createBuiltInAssistant } from './index.js';
import {
  MONDAY_MORNING_NY,
  SALON,
  ask,
  html,
  message,
  messageInput,
  replyTexts,
  resume,
} from '../assistant-test-fixtures.js';

const assistant = createBuiltInAssistant();
const MAPS = 'https://www.google.com/maps/search/?api=1&query=123%20Main%20St%20%282nd%20floor%29';

describe('assistant: information', () => {
  it.each(['Hello!', 'Who are you?', 'hi there'])('introduces the business for %j', (text) => {
    const turn = ask(text);
    expect(turn.reply).toContain('**Bella Vista Salon**');
    expect(html(turn)).toContain(
      'A full-service hair and beauty salon: cuts, colour, styling &amp; nail care.',
    );
    expect(html(turn)).toMatch(/<li>.*hours/i);
    expect(turn.reply).toContain(MAPS);
    expect(turn.interrupt).toBeUndefined();
  });

  it('says it is open, until when, during opening hours, with the week in Eastern Time', () => {
    const turn = ask('Are you open now?');
    expect(turn.reply).toContain("**Yes, we're open right now!** We're open until **7:00 PM**.");
    expect(turn.reply).toContain('Here are our regular hours (Eastern Time):');
    expect(turn.reply).toContain('- **Monday:** 9:00 AM – 7:00 PM _(today)_');
    expect(turn.reply).toContain('- **Sunday:** Closed');
    // The visitor is in New York too, so no time-zone note.
    expect(turn.reply).not.toContain('our local time');
  });

  it('says it is closed and when it opens next outside opening hours', () => {
    const sundayNoonNy = Date.parse('2026-03-08T12:00:00-04:00');
    const turn = ask('What are your hours?', { nowMs: sundayNoonNy });
    expect(turn.reply).toContain(
      "**We're closed right now.** We open again **tomorrow (Monday) at 9:00 AM**.",
    );
    expect(turn.reply).toContain('- **Sunday:** Closed _(today)_');
  });

  it('decides open or closed in the business time zone, whatever the visitor zone', () => {
    // 02:00 in Paris on Tuesday is 20:00 on Monday in New York: closed, opening tomorrow morning.
    const turn = ask('Are you open?', {
      nowMs: Date.parse('2026-03-03T01:00:00Z'),
      userTimezone: 'Europe/Paris',
    });
    expect(turn.reply).toContain('We open again **tomorrow (Tuesday) at 9:00 AM**');
    expect(turn.reply).toContain('_All times are Eastern Time, our local time._');
  });

  it('apologises when there are no hours on file', () => {
    const bare = BusinessSchema.parse({ ...SALON, locations: [], hours: undefined });
    const turn = ask('What are your hours?', { business: bare });
    expect(turn.reply).toContain("I don't have the opening hours of **Bella Vista Salon** on file");
    expect(replyTexts(turn).length).toBeGreaterThanOrEqual(2);
  });

  it('gives the address with a Google Maps link', () => {
    const turn = ask('Where are you located?');
    expect(turn.reply).toContain('123 Main St \\(2nd floor\\), Springfield, NY 10001');
    expect(html(turn)).toContain(`<a href="${MAPS.replace('&', '&amp;')}`);
    expect(html(turn)).toContain('123 Main St (2nd floor), Springfield, NY 10001');
  });

  it('lists every location when there are several, the primary one first', () => {
    const twoShops: Business = BusinessSchema.parse({
      ...SALON,
      locations: [
        { name: 'Uptown', address: '9 Hill Rd', isPrimary: false },
        { name: 'Downtown', address: '1 Main St', isPrimary: true },
        { name: 'Pop-up', isPrimary: false },
      ],
    });
    const turn = ask('Where can I find you?', { business: twoShops });
    expect(turn.reply).toContain('has 2 locations');
    expect(turn.reply.indexOf('Downtown')).toBeLessThan(turn.reply.indexOf('Uptown'));
    expect(turn.reply).toContain('_(main location)_');
  });

  it('explains services and prices from the description', () => {
    const turn = ask('What services do you offer and what are the prices?');
    expect(turn.reply).toContain("Here's what **Bella Vista Salon** offers:");
    expect(turn.reply).toContain('**Prices** depend on the service');
    expect(replyTexts(turn)).toContain('Book an appointment');
  });

  it('answers each suggested question, sent as one or both lines', () => {
    const [services, openNow, where, book, giftCards] = SALON.suggestedQuestions;
    expect(ask(services!.line1).reply).toContain('**Prices**');
    expect(ask(`${openNow!.line1} ${openNow!.line2}`).reply).toContain("we're open right now");
    expect(ask(where!.line1).reply).toContain('123 Main St');
    expect(ask(`${book!.line1} ${book!.line2}`).interrupt?.toolRequest.name).toBe(PHONE_SIGN_IN_TOOL);
    const gift = ask(giftCards!.line1);
    expect(gift.reply).toContain("That's a great question for the team");
    expect(gift.reply).toContain("Here's what **Bella Vista Salon** offers:");
  });

  it("falls back politely, offering 'Contact Support' and the suggested questions", () => {
    const turn = ask('Do you like turtles?');
    expect(turn.reply).toContain("I'm sorry, I'm not sure I can help with that.");
    expect(turn.reply).toContain('tap **Contact Support**');
    expect(turn.reply).toContain('- What services do you offer\n');
    expect(turn.reply).toContain('- Do you sell gift cards?');
    expect(replyTexts(turn).slice(0, 3)).toEqual([
      'Contact Support',
      'What services do you offer',
      'Are you open',
    ]);
    expect(turn.interrupt).toBeUndefined();
  });

  it('answers thanks warmly', () => {
    expect(ask('Thank you!').reply).toContain("You're very welcome!");
  });

  it('escapes business data rather than rendering it as markup', () => {
    const odd = BusinessSchema.parse({
      ...SALON,
      businessName: 'Evil <img src=x onerror=alert(1)> *Shop*',
      description: '# Not a heading\n<script>alert(1)</script>',
    });
    const out = html(ask('Hello', { business: odd }));
    expect(out).not.toMatch(/<img|<script|<h1|<em>Shop/);
    expect(out).toContain('Evil &lt;img src=x onerror=alert(1)&gt; *Shop*');
  });
});

describe('assistant: every turn', () => {
  const texts = [
    'Hello',
    'What are your hours?',
    'Where are you?',
    'Tell me about your services',
    'Book an appointment',
    'Cancel my booking',
    'thanks',
    'gibberish',
    '',
    bookingUpdateMessage('X1'),
    ...SALON.suggestedQuestions.map((q) => q.line1),
  ];
  const businesses = [
    SALON,
    BusinessSchema.parse({ ...SALON, suggestedQuestions: [], locations: [], description: undefined }),
  ];
  const turns: AssistantTurn[] = [];
  for (const business of businesses) {
    for (const signedIn of [false, true]) {
      for (const text of texts) turns.push(ask(text, { business, signedIn }));
      for (const action of ['PHONE_SIGN_IN', 'PHONE_SIGN_IN_DECLINED'] as const) {
        turns.push(resume(action, [message('user', 'Book an appointment')], { business, signedIn }));
      }
    }
  }

  it('offers two to four valid, distinct smart replies', () => {
    for (const turn of turns) {
      const replies = (turn.smartReplies ?? []).map((r) =>
        SmartReplySchema.parse(typeof r === 'string' ? { text: r } : r),
      );
      expect(replies.length, turn.reply).toBeGreaterThanOrEqual(2);
      expect(replies.length, turn.reply).toBeLessThanOrEqual(4);
      expect(new Set(replies.map((r) => r.text.toLowerCase())).size).toBe(replies.length);
    }
  });

  it('writes a reply or raises an interrupt, with links only to https', () => {
    for (const turn of turns) {
      expect(turn.reply !== '' || turn.interrupt !== undefined).toBe(true);
      for (const [, href] of html(turn).matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^https:\/\//);
    }
  });

  it('is deterministic', () => {
    const input = messageInput('What are your hours?', { nowMs: MONDAY_MORNING_NY + 123_456 });
    expect(assistant.respond(input)).toEqual(createBuiltInAssistant().respond(structuredClone(input)));
  });
});

describe('assistant: the fixture businesses', () => {
  const fixtures = JSON.parse(
    readFileSync(new URL('../../../../mock-server/fixtures/businesses.json', import.meta.url), 'utf8'),
  ) as unknown[];
  const businesses = fixtures.map((b) => BusinessSchema.parse(b));

  it.each(businesses.flatMap((b) => b.suggestedQuestions.map((q) => [b.id, q.line1, q.line2, b] as const)))(
    '%s: answers "%s %s" without falling back',
    (_id, line1, line2, business) => {
      for (const text of [line1, `${line1} ${line2}`]) {
        const turn = ask(text, { business });
        expect(turn.reply).not.toContain("I'm not sure I can help");
        expect(turn.reply !== '' || turn.interrupt !== undefined).toBe(true);
        expect(replyTexts(turn).length).toBeGreaterThanOrEqual(2);
      }
    },
  );

  it.each(businesses.filter((b) => b.suggestedQuestions.length > 0).map((b) => [b.id, b] as const))(
    '%s: falls back with its suggested questions by their first lines, as the page shows and sends them',
    (_id, business) => {
      const turn = ask('Do you like turtles?', { business });
      const line1s = business.suggestedQuestions.map((q) => q.line1);
      const listed = turn.reply.split('\n').filter((line) => line.startsWith('- '));
      expect(listed).toHaveLength(line1s.length);
      line1s.forEach((line1, i) => expect(listed[i]?.replace(/\\/g, ''), line1).toBe(`- ${line1}`));
      expect(replyTexts(turn)).toEqual(expect.arrayContaining(line1s.slice(0, 2)));
      for (const { line2 } of business.suggestedQuestions) {
        if (line2) expect(turn.reply + replyTexts(turn).join('\n'), line2).not.toContain(line2);
      }
    },
  );
});
