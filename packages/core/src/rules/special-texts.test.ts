import { describe, expect, it } from 'vitest';
import { lastUserMessageText, specialActionFor } from './special-texts.js';

describe('specialActionFor (§4 special smart-reply or typed texts, case-insensitive)', () => {
  it.each([
    ['start a new chat', 'new-chat'],
    ['Start A New Chat', 'new-chat'],
    ['  START A NEW CHAT  ', 'new-chat'],
    ['try again', 'try-again'],
    ['Try Again', 'try-again'],
    ['\tTRY AGAIN\n', 'try-again'],
    ['Refresh Page', 'refresh-page'],
    ['refresh page', 'refresh-page'],
    [' REFRESH PAGE ', 'refresh-page'],
    ['Contact Support', 'contact-support'],
    ['contact support', 'contact-support'],
    ['  CONTACT SUPPORT', 'contact-support'],
  ])('%j → %s', (text, action) => {
    expect(specialActionFor(text)).toBe(action);
  });

  it.each([
    '',
    'hello',
    'please try again',
    'try again later',
    'start a new chat now',
    'tryagain',
    'Contact  Support',
  ])('ordinary text %j → null', (text) => {
    expect(specialActionFor(text)).toBeNull();
  });
});

describe('lastUserMessageText (§4 "try again" resends the last non-empty user message)', () => {
  it('returns the latest user message', () => {
    expect(
      lastUserMessageText([
        { role: 'user', text: 'first' },
        { role: 'model', text: 'answer' },
        { role: 'user', text: 'second' },
      ]),
    ).toBe('second');
  });

  it('skips assistant and system messages after it', () => {
    expect(
      lastUserMessageText([
        { role: 'user', text: 'question' },
        { role: 'model', text: 'answer' },
        { role: 'system', text: 'Authentication cancelled', type: 'system' },
      ]),
    ).toBe('question');
  });

  it('skips empty and whitespace-only user messages', () => {
    expect(
      lastUserMessageText([
        { role: 'user', text: 'real question' },
        { role: 'user', text: '' },
        { role: 'user', text: '  \n ' },
      ]),
    ).toBe('real question');
  });

  it('skips an earlier "try again" so retrying twice resends the same message', () => {
    expect(
      lastUserMessageText([
        { role: 'user', text: 'book me in' },
        { role: 'user', text: 'Try again' },
      ]),
    ).toBe('book me in');
  });

  it('returns null when there is no user message', () => {
    expect(lastUserMessageText([])).toBeNull();
    expect(
      lastUserMessageText([
        { role: 'model', text: 'Hi!' },
        { role: 'system', text: 'note' },
        { role: 'user', text: ' ' },
      ]),
    ).toBeNull();
  });
});
