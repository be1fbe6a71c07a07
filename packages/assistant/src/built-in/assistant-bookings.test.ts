import { PHONE_SIGN_IN_TOOL, SMART_REPLY_TEXT, bookingUpdateMessage } from '@chat/core';
import { describe, expect, it } from 'vitest';
import { createBuiltInAssistant } from './index.js';
import {
  CONVERSATION,
  ask,
  html,
  message,
  messageInput,
  replyTexts,
  resume,
} from '../assistant-test-fixtures.js';

const assistant = createBuiltInAssistant();

describe('assistant: bookings', () => {
  it.each([
    ['I want to book a haircut', 'To book an appointment, please verify your phone number first.'],
    ['Please reschedule my appointment', 'To change your booking, please verify your phone number first.'],
    ['Cancel my booking', 'To cancel your booking, please verify your phone number first.'],
  ])('asks an anonymous visitor to verify before %j', (text, message) => {
    const turn = ask(text);
    // Never silence: a short text reply comes with the interrupt.
    expect(turn.reply.trim()).not.toBe('');
    expect(turn.interrupt).toEqual({
      toolRequest: {
        name: PHONE_SIGN_IN_TOOL,
        ref: expect.any(String),
        input: { reason: 'booking', kind: expect.any(String) },
      },
      message,
    });
    expect(turn.smartReplies).toEqual([
      { type: 'system', text: SMART_REPLY_TEXT.verifyLater },
      { type: 'system', text: SMART_REPLY_TEXT.needMoreInfo },
    ]);
  });

  it('gives every interrupt its own ref, the same for the same input', () => {
    const first = ask('Book an appointment');
    expect(ask('Book an appointment').interrupt?.toolRequest.ref).toBe(first.interrupt?.toolRequest.ref);
    const later = ask('Book an appointment', {
      history: [message('user', 'Book an appointment'), message('user', 'Book an appointment')],
    });
    const elsewhere = ask('Book an appointment', { conversation: { ...CONVERSATION, id: 'conv-2' } });
    const refs = new Set([first, later, elsewhere].map((t) => t.interrupt?.toolRequest.ref));
    expect(refs.size).toBe(3);
  });

  it.each([
    ['Book an appointment', '**Your booking request is in.**'],
    ['Reschedule my appointment', "**Let's find you a new time.**"],
    ['Cancel my booking', '**Your cancellation request is in.**'],
  ])('handles %j directly for a signed-in visitor', (text, answer) => {
    const turn = ask(text, { signedIn: true });
    expect(turn.interrupt).toBeUndefined();
    expect(turn.reply).toContain(answer);
    expect(turn.reply).not.toContain('Thanks for verifying');
  });

  it('answers a booking-update marker with the reference, signed in or not', () => {
    for (const signedIn of [false, true]) {
      const turn = ask(bookingUpdateMessage('BV-2041'), { signedIn });
      expect(turn.interrupt).toBeUndefined();
      expect(turn.reply).toContain("I've got your booking update for reference **BV\\-2041**.");
      expect(html(turn)).toContain('<strong>BV-2041</strong>');
      expect(turn.reply).not.toContain('[[booking-update]]');
    }
  });

  it('never echoes a harmful booking-update value raw', () => {
    const value = '<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) **bold**';
    const turn = ask(bookingUpdateMessage(value));
    expect(turn.reply).not.toContain('<img src=x onerror=alert(1)>');
    const out = html(turn);
    expect(out).not.toMatch(/<img|href="javascript|<strong>bold/);
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt; [x](javascript:alert(1)) **bold**');
  });

  it('asks what to change when the booking-update link carries no reference', () => {
    const turn = ask(bookingUpdateMessage('   '));
    expect(turn.reply).toContain("didn't include a booking reference");
  });

  // Regression: a Spanish visitor opening a booking-update link (?i=) was answered in English,
  // smart replies included.
  it('answers a booking-update link in Spanish on a Spanish page', () => {
    const turn = ask(bookingUpdateMessage('BV-2041'), { language: 'es' });
    expect(turn.reply).toContain('¡Gracias por darle seguimiento a tu reserva en **Bella Vista Salon**!');
    expect(turn.reply).toContain('Tengo tu actualización de la reserva con la referencia **BV\\-2041**.');
    expect(turn.reply).toContain('[Encuéntranos en Google Maps](');
    expect(turn.reply).not.toMatch(/Thanks|What would you like|Find us/);
    expect(replyTexts(turn)).toEqual(['Cambiar mi cita', 'Cancelar mi reserva', '¿Cuál es su horario?']);
    expect(ask(bookingUpdateMessage(' '), { language: 'es' }).reply).toContain(
      'ese enlace no incluía una referencia de reserva',
    );
  });
});

describe('assistant: resume after the phone sign-in interrupt', () => {
  const verified = message('system', '✓ Phone number verified successfully', 'system');

  it('carries out the booking request that raised the interrupt', () => {
    const history = [
      message('user', 'Hi'),
      message('model', 'Hi there'),
      message('user', 'I need to reschedule my appointment'),
      verified,
    ];
    const turn = resume('PHONE_SIGN_IN', history);
    expect(turn.interrupt).toBeUndefined();
    expect(turn.reply).toMatch(
      /^Thanks for verifying your phone number!\n\n\*\*Let's find you a new time\.\*\*/,
    );
  });

  it('reads a suggested question the page sent by its first line', () => {
    const turn = resume('PHONE_SIGN_IN', [message('user', 'Can I book an appointment'), verified]);
    expect(turn.reply).toContain('**Your booking request is in.**');
  });

  it("falls back to the interrupt's own kind when history no longer shows the request", () => {
    const turn = resume(
      'PHONE_SIGN_IN',
      [verified],
      {},
      {
        name: PHONE_SIGN_IN_TOOL,
        ref: 'r1',
        input: { reason: 'booking', kind: 'cancel' },
      },
    );
    expect(turn.reply).toContain('**Your cancellation request is in.**');
  });

  it('asks what to do when it cannot tell which booking change was meant', () => {
    const turn = resume('PHONE_SIGN_IN', [message('user', 'Hello'), verified]);
    expect(turn.reply).toContain("You're all set.");
    expect(replyTexts(turn)).toEqual([
      'Book an appointment',
      'Reschedule my appointment',
      'Cancel my booking',
    ]);
  });

  it('asks again instead of acting when the resume is not signed in', () => {
    const turn = resume('PHONE_SIGN_IN', [message('user', 'Cancel my booking')], { signedIn: false });
    expect(turn.reply).toBe('I can help you cancel your booking.');
    expect(turn.interrupt?.message).toBe('To cancel your booking, please verify your phone number first.');
  });

  it('on decline, makes no booking change and offers other help', () => {
    const turn = resume('PHONE_SIGN_IN_DECLINED', [
      message('user', 'Book an appointment'),
      message('user', 'Verify later'),
    ]);
    expect(turn.interrupt).toBeUndefined();
    expect(turn.reply).toBe(
      "No problem! I won't make any booking changes without a verified phone number, but I'm happy to help with anything else.",
    );
    expect(replyTexts(turn)).toEqual([
      'Tell me about your services',
      'What are your hours?',
      'Where are you located?',
    ]);
  });

  it('on decline with "Need more info about services", answers about the services too', () => {
    const turn = resume('PHONE_SIGN_IN_DECLINED', [
      message('user', 'Book an appointment'),
      message('user', SMART_REPLY_TEXT.needMoreInfo),
    ]);
    expect(turn.reply).toContain("I won't make any booking changes");
    expect(turn.reply).toContain("Here's what **Bella Vista Salon** offers:");
    expect(replyTexts(turn)).toEqual(['What are your hours?', 'Where are you located?']);
  });

  it('treats declined: true as a decline whatever the action says', () => {
    const turn = assistant.respond({
      ...messageInput('x'),
      signedIn: true,
      request: {
        kind: 'resume',
        action: 'PHONE_SIGN_IN',
        declined: true,
        toolRequest: { name: PHONE_SIGN_IN_TOOL },
      },
    });
    expect(turn.reply).toContain('No problem!');
  });
});
