import { describe, expect, it } from 'vitest';
import type { Intent } from './intents.js';
import { askedAbout, bookingKind, detectIntent, matchSuggestedQuestion, normalise } from './intents.js';
import { SALON } from '../assistant-test-fixtures.js';
import { REPLIES } from './smart-replies.js';

describe('detectIntent', () => {
  it.each<[string, Intent]>([
    ['Hi!', 'introduction'],
    ['good morning', 'introduction'],
    ['Who are you?', 'introduction'],
    ['What is this?', 'introduction'],
    ['Tell me about your business', 'introduction'],
    ['What are your hours?', 'hours'],
    ['Are you open now?', 'hours'],
    ['When do you close today?', 'hours'],
    ['Hello, are you open on Sundays?', 'hours'],
    ['Where are you located?', 'location'],
    ["What's your address?", 'location'],
    ['Is there parking?', 'parking'],
    ['Tell me about your services', 'services'],
    ['How much is a haircut?', 'prices'],
    ['Can I get my nails done?', 'services'],
    ["I'd like to have my hair done", 'services'],
    ['¿Puedo hacerme las uñas?', 'services'],
    ['How much to get my nails done?', 'prices'],
    ['Need more info about services', 'services'],
    ['Tell me about this service more', 'services'],
    ['I want to book a haircut', 'booking'],
    ['Can I make an appointment for Saturday morning?', 'booking'],
    ['Please reschedule my visit', 'booking'],
    ['Cancel my booking', 'booking'],
    ['change my booking', 'booking'],
    ['Thanks a lot', 'thanks'],
    ['thank you!', 'thanks'],
    ['Do you like turtles?', 'fallback'],
    ['Verify later', 'fallback'],
    ['', 'fallback'],
    ['Facebook page?', 'fallback'],
  ])('%j → %s', (text, intent) => {
    expect(detectIntent(text)).toBe(intent);
  });

  it('places every smart reply it offers', () => {
    expect(detectIntent(REPLIES.hours)).toBe('hours');
    expect(detectIntent(REPLIES.openNow)).toBe('hours');
    expect(detectIntent(REPLIES.location)).toBe('location');
    expect(detectIntent(REPLIES.services)).toBe('services');
    expect(detectIntent(REPLIES.about)).toBe('introduction');
    for (const text of [REPLIES.book, REPLIES.reschedule, REPLIES.cancel])
      expect(detectIntent(text)).toBe('booking');
  });
});

describe('askedAbout', () => {
  it.each([
    ['Do you do nails?', 'nails'],
    ['Can I get my nails done?', 'nails'],
    ['Could we have our nails and toes done please?', 'nails and toes'],
    ['How much to get my hair done?', 'hair'],
    ['¿Hacen uñas?', 'uñas'],
    ['¿Puedo hacerme las uñas?', 'uñas'],
    ['What services do you offer?', null],
  ])('%j → %j', (text, subject) => {
    expect(askedAbout(text)).toBe(subject);
  });
});

describe('bookingKind', () => {
  it.each([
    ['I want to book a haircut', 'book'],
    ['Book an appointment', 'book'],
    ['Cancel my booking', 'cancel'],
    ['I need to cancel my appointment', 'cancel'],
    ['Reschedule my appointment', 'reschedule'],
    ['Can I change my booking?', 'reschedule'],
    ['move my appointment to Friday', 'reschedule'],
    ['Can I change my booking? Reschedule or cancel an appointment', 'reschedule'],
    ["I'd like to cancel, not reschedule", 'cancel'],
  ])('%j → %s', (text, kind) => {
    expect(bookingKind(text)).toBe(kind);
  });
});

describe('matchSuggestedQuestion', () => {
  const questions = SALON.suggestedQuestions;

  it('matches the first line alone or both lines, ignoring case and punctuation', () => {
    expect(matchSuggestedQuestion('What services do you offer', questions)).toBe(questions[0]);
    expect(matchSuggestedQuestion('what services do you offer and what are the prices?', questions)).toBe(
      questions[0],
    );
    expect(matchSuggestedQuestion('  ARE YOU OPEN, right now?! ', questions)).toBe(questions[1]);
  });

  it('does not match other text', () => {
    expect(matchSuggestedQuestion('What services', questions)).toBeNull();
    expect(matchSuggestedQuestion('', questions)).toBeNull();
    expect(matchSuggestedQuestion('???', questions)).toBeNull();
  });

  it('normalises apostrophes away and punctuation to spaces', () => {
    expect(normalise("What's   your ADDRESS?")).toBe('whats your address');
  });
});
