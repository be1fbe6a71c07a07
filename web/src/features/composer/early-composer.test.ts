/**
 * The app tells the first-read script that its own box is in, whichever way it got there: a committed
 * early frame (adoptEarlyBox) or a conversation view that took the text without one (finishEarlyComposer).
 * A deferred start of index.html's box after either leaves the page alone (early-composer.test.ts in
 * app/first-read covers the script's side).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EARLY_COMPOSER_TAKEN_GLOBAL } from '../../app/first-read/early-composer-handover';
import { adoptEarlyBox, finishEarlyComposer, resetEarlyComposerForTests } from './early-composer';

const taken = () => (globalThis as Record<string, unknown>)[EARLY_COMPOSER_TAKEN_GLOBAL] === true;

afterEach(() => {
  resetEarlyComposerForTests();
  delete (globalThis as Record<string, unknown>)[EARLY_COMPOSER_TAKEN_GLOBAL];
});

describe("the early box marked taken for the first-read script's later start", () => {
  it('is not marked while the app has only rendered its box, and is once the box is committed', () => {
    adoptEarlyBox('bella-vista-salon', false);
    expect(taken()).toBe(false);
    adoptEarlyBox('bella-vista-salon', true);
    expect(taken()).toBe(true);
  });

  it('is marked when the conversation view takes the text without an early frame ever committing', () => {
    finishEarlyComposer();
    expect(taken()).toBe(true);
  });
});
