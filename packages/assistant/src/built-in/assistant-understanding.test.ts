/**
 * Issue 27 item 7: the built-in assistant on the demo's Bella Vista Salon (mock-server fixtures),
 * tried as a visitor would. Each question of the list once got the whole description, the
 * addresses or "I'm not sure I can help with that"; each now gets an answer about what was asked.
 */
import { PHONE_SIGN_IN_TOOL } from '@chat/core';
import type { Business } from '@chat/core';
import { describe, expect, it } from 'vitest';
import { ask, demoBusiness, html, message, replyTexts, resume } from '../assistant-test-fixtures.js';

const BELLA_VISTA = demoBusiness('bella-vista-salon');
/** Monday 2 March 2026, 10:30 in New York: Bella Vista is closed on Mondays, open Tuesday 9–19. */
const MONDAY = Date.parse('2026-03-02T15:30:00Z');
const visit = (text: string, more: Parameters<typeof ask>[1] = {}) =>
  ask(text, { business: BELLA_VISTA, nowMs: MONDAY, ...more });
const DESCRIPTION = 'A full-service hair and beauty salon in Brooklyn';

describe("built-in assistant: the issue's Bella Vista questions", () => {
  it('"Do you do balayage?" says balayage is not listed, shows what is, and offers Contact Support', () => {
    const turn = visit('Do you do balayage?');
    expect(turn.reply).toContain("I don't see **balayage** among what **Bella Vista Salon** lists");
    expect(turn.reply).toContain(DESCRIPTION);
    expect(turn.reply).not.toMatch(/\byes\b/i);
    expect(replyTexts(turn)).toContain('Contact Support');
  });

  it('"How much is a haircut?" says there is no price list and that the team confirms the price', () => {
    const turn = visit('How much is a haircut?');
    expect(turn.reply).toContain("I don't have a price list for **haircut** on file");
    expect(turn.reply).toContain('the team confirms the exact price when you book');
    expect(turn.reply).not.toMatch(/\$\s?\d/);
    expect(replyTexts(turn)).toEqual([
      'Book an appointment',
      'Contact Support',
      'Tell me about your services',
    ]);
  });

  it('"Do you have parking?" says parking is not on file and still gives both addresses', () => {
    const turn = visit('Do you have parking?');
    expect(turn.reply).toContain("I don't have any parking details for **Bella Vista Salon** on file");
    expect(html(turn)).toContain('218 Seventh Avenue, Brooklyn, NY 11215');
    expect(html(turn)).toContain('97 Bedford Avenue, Brooklyn, NY 11211');
    expect(replyTexts(turn)[0]).toBe('Contact Support');
  });

  it('"I\'d like to talk to a person": an anonymous visitor verifies first, a verified one is passed on', () => {
    const anonymous = visit("I'd like to talk to a person");
    expect(anonymous.reply).toContain('I can put you in touch with the **Bella Vista Salon** team.');
    expect(anonymous.interrupt?.toolRequest).toMatchObject({
      name: PHONE_SIGN_IN_TOOL,
      input: { reason: 'handoff' },
    });
    expect(anonymous.interrupt?.message).toBe('To reach the team, please verify your phone number first.');

    const verified = visit("I'd like to talk to a person", { signedIn: true });
    expect(verified.interrupt).toBeUndefined();
    expect(verified.reply).toContain("**I've passed your message to the **Bella Vista Salon** team.**");
    expect(verified.passToTeam).toEqual({ type: 'HANDOFF', request: "I'd like to talk to a person" });
    expect(verified.reply).toContain('follow up by text at your verified number');
  });

  it('after verifying, the hand-off is carried out with thanks', () => {
    const turn = resume('PHONE_SIGN_IN', [message('user', 'Can I speak with a human please?')], {
      business: BELLA_VISTA,
    });
    expect(turn.reply).toContain('Thanks for verifying your phone number!');
    expect(turn.reply).toContain("I've passed your message to the");
    expect(turn.passToTeam).toEqual({ type: 'HANDOFF', request: 'Can I speak with a human please?' });
    expect(turn.interrupt).toBeUndefined();
  });

  it('"What is your phone number?" says none is on file and gives the two ways to reach the team', () => {
    const turn = visit('What is your phone number?');
    expect(turn.reply).toContain("I don't have a phone number or email for **Bella Vista Salon**");
    expect(turn.reply).toContain('Tap **Contact Support**');
    expect(turn.reply).toContain('**talk to a person**');
    expect(replyTexts(turn)).toEqual(['Contact Support', 'Talk to a person', 'What are your hours?']);
  });

  it('"¿A qué hora abren mañana?" answers in Spanish with tomorrow\'s hours', () => {
    const turn = visit('¿A qué hora abren mañana?');
    expect(turn.reply).toContain(
      '**Ahora estamos cerrados.** Volvemos a abrir **mañana (martes) a las 9:00**.',
    );
    expect(turn.reply).toContain('**Mañana (martes) abrimos: 9:00 – 19:00.**');
    expect(turn.reply).toContain('- **Lunes:** Cerrado _(hoy)_');
    expect(replyTexts(turn)).toEqual([
      '¿Dónde están ubicados?',
      'Reservar una cita',
      '¿Qué servicios ofrecen?',
    ]);
  });
});

describe('built-in assistant: answers from the business FAQ and description', () => {
  it('quotes the FAQ answer to its own question, also with a typo and other word forms', () => {
    for (const text of ['Do you sell gift cards?', 'gift crads?', 'Can I buy a gift card?']) {
      expect(visit(text).reply, text).toContain('gift cards for any amount from $25');
    }
  });

  it('answers the cancellation policy from the FAQ rather than asking to verify a cancellation', () => {
    const turn = visit("What's your cancellation policy?");
    expect(turn.reply).toContain('at least 24 hours ahead');
    expect(turn.interrupt).toBeUndefined();
    // A cancellation itself is still a booking change.
    expect(visit('Cancel my booking').interrupt?.toolRequest.input).toMatchObject({ kind: 'cancel' });
  });

  it('answers "do you…?" about something the description lists with what it says', () => {
    const turn = visit('Do you do bridal packages?');
    expect(turn.reply).toContain("Yes! Here's what **Bella Vista Salon** says:");
    expect(turn.reply).toContain('bridal packages');
  });

  it('answers from what the business says now: an FAQ edited between two turns is searched as edited', () => {
    const giftCards = (answer: string): Business => ({
      ...BELLA_VISTA,
      faq: (BELLA_VISTA.faq ?? []).map((entry) =>
        /gift card/i.test(entry.question) ? { ...entry, answer } : entry,
      ),
    });
    expect(visit('Do you sell gift cards?').reply).toContain('gift cards for any amount from $25');
    const edited = giftCards('Gift cards are sold at the front desk only.');
    expect(visit('Do you sell gift cards?', { business: edited }).reply).toContain(
      'sold at the front desk only',
    );
    // The same words again, in a business object of its own (as every Firestore read gives).
    expect(visit('Do you sell gift cards?', { business: structuredClone(edited) }).reply).toContain(
      'sold at the front desk only',
    );
    const without = { ...BELLA_VISTA, faq: [] };
    expect(visit('Do you sell gift cards?', { business: without }).reply).not.toContain('$25');
  });

  it('still answers the general services question with the whole description', () => {
    expect(visit('Which services do you offer?').reply).toContain(
      "Here's what **Bella Vista Salon** offers:",
    );
  });
});

describe('built-in assistant: Spanish as English', () => {
  it.each([
    ['¿Dónde están ubicados?', 'tiene 2 sedes', '218 Seventh Avenue'],
    ['¿Cuál es su teléfono?', 'No tengo un teléfono ni un correo', 'Contactar con soporte'],
    ['¿Hacen manicura?', 'Sí, ofrecemos esto', 'manicures'],
    ['¿Tienen estacionamiento?', 'No tengo información sobre estacionamiento', '97 Bedford Avenue'],
    ['¿Cuánto cuesta un corte?', 'No tengo una lista de precios para **corte**', 'Contactar con soporte'],
    ['Hola', '¡Hola, y bienvenido a **Bella Vista Salon**!', 'Puedo ayudarte con'],
    ['¿Venden pizza?', 'No veo **pizza** entre lo que ofrece', 'Contactar con soporte'],
  ])('%j → %j', (text, first, second) => {
    const turn = visit(text);
    expect(turn.reply).toContain(first);
    expect(turn.reply).toContain(second);
  });

  it("names the team's button in Spanish, as the page labels it, and offers it with §4's words", () => {
    const turn = visit('¿Venden pizza?');
    expect(turn.reply).toContain('toca **Contactar con soporte**');
    expect(turn.reply).not.toContain('Contact Support');
    expect(replyTexts(turn)).toContain('Contact Support');
  });

  it('asks to verify the phone in Spanish for a booking, and confirms nothing', () => {
    const turn = visit('Quiero reservar una cita para el viernes');
    expect(turn.reply).toBe('¡Con gusto te ayudo a reservar una cita!');
    expect(turn.interrupt?.message).toBe('Para reservar una cita, primero verifica tu número de teléfono.');
  });

  it('passes a Spanish request for a person on, in Spanish', () => {
    const turn = visit('Quiero hablar con una persona', { signedIn: true });
    expect(turn.reply).toContain('Le pasé tu mensaje al equipo de **Bella Vista Salon**.');
  });

  it('follows the page language when the words could be either', () => {
    expect(visit('Balayage?', { language: 'es' }).reply).toContain(
      'Lo siento, no tengo información sobre eso.',
    );
    expect(visit('Balayage?').reply).toContain("I'm sorry, I'm not sure I can help with that.");
    // Words that read as English win over the page's language.
    expect(visit('What are your hours?', { language: 'es' }).reply).toContain("We're closed right now.");
  });

  it('offers smart replies it understands, in Spanish too', () => {
    for (const text of [
      '¿Cuál es su horario?',
      '¿Dónde están ubicados?',
      '¿Qué servicios ofrecen?',
      'Hablar con una persona',
    ]) {
      expect(visit(text).reply, text).not.toContain('Lo siento, no tengo información');
    }
  });
});

describe('built-in assistant: the evaluation cases it once missed', () => {
  it('answers "Can I drop by now?" with the hours (closed for lunch on Thursday at 13:30)', () => {
    const turn = visit('Can I drop by now?', { nowMs: Date.parse('2026-03-05T18:30:00Z') });
    expect(turn.reply).toContain("**We're closed right now.** We open again **today at 2:00 PM**.");
  });

  it('answers "Do you have a salon in Williamsburg?" with the locations, not the FAQ', () => {
    expect(html(visit('Do you have a salon in Williamsburg?'))).toContain('97 Bedford Avenue');
  });

  it('takes "Could you squeeze me in…?" as a booking request', () => {
    const turn = visit('Could you squeeze me in for a trim on Friday afternoon?');
    expect(turn.interrupt?.toolRequest.input).toMatchObject({ reason: 'booking', kind: 'book' });
  });
});

describe('built-in assistant: what it echoes of the visitor', () => {
  it('echoes the thing asked about as escaped plain text, never as markup or a link', () => {
    const turn = visit('Do you do <img src=x onerror=alert(1)> or www.evil.example?');
    expect(html(turn)).not.toContain('<img');
    expect(html(turn)).not.toContain('href="http://www.evil.example');
    expect(turn.reply).toContain("I don't see **");
  });
});

describe('built-in assistant: an English sentence with a Spanish letter or word in it', () => {
  it.each([
    'Hi, I’m Ana Muñoz, what are your hours?',
    'I love jalapeño, are you open today?',
    'Do you do 💅 nails? 👍🏽 ñ 中文',
    'Hola! What are your opening hours?',
  ])('%j is answered in English', (text) => {
    const turn = visit(text, { language: 'en' });
    expect(turn.reply).not.toMatch(/Ahora estamos|No veo|Lo siento|Puedo ayudarte/);
    expect(replyTexts(turn)).not.toContain('Reservar una cita');
  });

  it('still answers a Spanish sentence in Spanish on an English page', () => {
    expect(visit('Hola, ¿a qué hora abren mañana?', { language: 'en' }).reply).toMatch(/mañana/);
    expect(visit('quiero una cita por favor', { language: 'en' }).reply).toContain('¡Con gusto te ayudo');
  });
});
