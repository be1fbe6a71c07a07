/**
 * Issue 27: what the built-in assistant passes to the business's team — a verified visitor's booking
 * request and a request for a person (English and Spanish) — through the turn's passToTeam, which the
 * chat services write to the business's feed. An anonymous visitor passes nothing: they are asked to
 * verify first, through the same interrupt as a booking change.
 */
import { PHONE_SIGN_IN_TOOL } from '@chat/core';
import { describe, expect, it } from 'vitest';
import { ask, message, resume } from '../assistant-test-fixtures.js';

describe('built-in assistant: requests passed to the team', () => {
  it('passes a verified visitor’s booking request on in their own words', () => {
    const turn = ask('Can I move my appointment to Friday afternoon?', { signedIn: true });
    expect(turn.interrupt).toBeUndefined();
    expect(turn.passToTeam).toEqual({
      type: 'BOOKING_REQUEST',
      request: 'Can I move my appointment to Friday afternoon?',
    });
  });

  it('passes nothing on for an anonymous visitor’s booking request, and does once they verify', () => {
    const asked = ask('Please reschedule my appointment to Friday');
    expect(asked.passToTeam).toBeUndefined();
    expect(asked.interrupt).toBeDefined();
    const verified = resume(
      'PHONE_SIGN_IN',
      [
        message('user', 'Please reschedule my appointment to Friday'),
        message('model', 'To change your booking, please verify your phone number first.', 'auth'),
        message('system', '✓ Phone number verified successfully', 'system'),
      ],
      {},
      asked.interrupt!.toolRequest,
    );
    expect(verified.reply).toContain('Thanks for verifying');
    expect(verified.passToTeam).toEqual({
      type: 'BOOKING_REQUEST',
      request: 'Please reschedule my appointment to Friday',
    });
  });

  it.each([
    ["I'd like to talk to a person", 'en'],
    ['Can I speak with a real person?', 'en'],
    ['connect me to an agent please', 'en'],
    ['Quiero hablar con una persona', 'es'],
    ['¿Puedo hablar con alguien del equipo?', 'es'],
  ])('asks an anonymous visitor who writes %j to verify first, then hands off', (text, language) => {
    const asked = ask(text);
    expect(asked.passToTeam).toBeUndefined();
    expect(asked.interrupt?.toolRequest).toMatchObject({
      name: PHONE_SIGN_IN_TOOL,
      input: { reason: 'handoff', language },
    });
    expect(asked.reply.trim()).not.toBe('');

    const verified = resume(
      'PHONE_SIGN_IN',
      [message('user', text), message('system', '✓ Phone number verified successfully', 'system')],
      {},
      asked.interrupt!.toolRequest,
    );
    expect(verified.interrupt).toBeUndefined();
    expect(verified.passToTeam).toEqual({ type: 'HANDOFF', request: text });
    expect(verified.reply).toMatch(language === 'es' ? /equipo/ : /follow up by text/);
  });

  it('hands a verified visitor off at once, saying the team will follow up', () => {
    const turn = ask('Can I talk to someone?', { signedIn: true });
    expect(turn.interrupt).toBeUndefined();
    expect(turn.reply).toContain('A person will follow up by text at your verified number');
    expect(turn.passToTeam).toEqual({ type: 'HANDOFF', request: 'Can I talk to someone?' });
  });

  it('passes nothing on for questions and for a declined verification', () => {
    expect(ask('What are your hours?', { signedIn: true }).passToTeam).toBeUndefined();
    const asked = ask('I want to talk to a human');
    const declined = resume(
      'PHONE_SIGN_IN_DECLINED',
      [message('user', 'I want to talk to a human'), message('user', 'Verify later')],
      {},
      asked.interrupt!.toolRequest,
    );
    expect(declined.passToTeam).toBeUndefined();
  });
});
