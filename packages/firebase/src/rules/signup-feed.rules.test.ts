/**
 * firestore.rules: the NEW_SIGNUP feed item, its conversation's signupFeedPosted flag and the phone
 * number's signups/{phone} marker — one batch, once per phone number ever, from the caller's token.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { DISPLAY_NAME_MAX_LENGTH, TRIMMED_RANGES } from '@chat/core';
import { describe, expect, it } from 'vitest';
import { ALICE, BOB, FIRESTORE_HOST, postSignup, useRulesTest } from './rules-test-env.js';

describe.skipIf(!FIRESTORE_HOST)('firestore.rules: the NEW_SIGNUP feed item', () => {
  const { anonymous, visitor, anonymousSignIn, seedConversation, readField } = useRulesTest('signup-feed');
  const named = (name: string) => ({ customerName: name, message: `${name} signed up.` });

  it('is created with the flag and the phone number’s marker in one batch, from the caller’s token', async () => {
    await seedConversation('conv');
    await assertSucceeds(postSignup(visitor(ALICE), ALICE));
    expect(await readField('conversations/conv', 'signupFeedPosted')).toBe(true);
    expect(await readField(`signups/${ALICE.phone}`, 'conversationId')).toBe('conv');
  });

  it('is refused a second time for the same phone number, from any conversation (hole)', async () => {
    await seedConversation('conv');
    await seedConversation('conv-2');
    await seedConversation('conv-3');
    await assertSucceeds(postSignup(visitor(ALICE), ALICE));
    await assertFails(postSignup(visitor(ALICE), ALICE, {}, { conversationId: 'conv-2' }));
    await assertFails(postSignup(visitor(ALICE), ALICE, {}, { conversationId: 'conv-3', marker: null }));
    // Another number is its own first signup.
    await assertSucceeds(postSignup(visitor(BOB), BOB, {}, { conversationId: 'conv-2' }));
  });

  it('is refused a second time for the same conversation', async () => {
    await seedConversation('conv');
    await assertSucceeds(postSignup(visitor(ALICE), ALICE));
    await assertFails(postSignup(visitor(BOB), BOB));
    await assertFails(postSignup(visitor(BOB), BOB, {}, { flag: false }));
  });

  it('uses the token’s display name, trimmed of Unicode spaces as the page trims it', async () => {
    for (const [i, [name, shown]] of [
      ['Ada Lovelace', 'Ada Lovelace'],
      ['\u00a0Ada Lovelace', 'Ada Lovelace'],
      ['山田\u3000太郎\u3000', '山田\u3000太郎'],
      ["  Seán O'Brien-Núñez\u2003", "Seán O'Brien-Núñez"],
    ].entries()) {
      const user = { uid: `u${i}`, phone: `+1555555020${i}` };
      await seedConversation(`named-${i}`);
      await assertFails(postSignup(visitor(user, name), user, {}, { conversationId: `named-${i}` }));
      await assertSucceeds(
        postSignup(visitor(user, name), user, named(shown!), { conversationId: `named-${i}` }),
      );
    }
  });

  it('accepts a name padded with each kind of space JavaScript’s trim() removes, trimmed as the page does (issue 29)', async () => {
    // Every code point TRIMMED_RANGES lists (tab, newline, vertical tab, form feed, carriage return, space,
    // no-break space, ogham space, the en quad to hair spaces, line and paragraph separators, narrow
    // no-break space, medium mathematical space, ideographic space, zero-width no-break space), each at
    // both ends: the page posts the name trim() leaves, and the rules must accept exactly that.
    const spaces = TRIMMED_RANGES.flatMap(([from, to]) =>
      Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
    );
    expect(spaces.map((space) => `x${space}x`.trim()).every((trimmed) => trimmed.length === 3)).toBe(true);
    expect(spaces.every((space) => `${space}Ada${space}`.trim() === 'Ada')).toBe(true);
    for (const [i, space] of spaces.entries()) {
      const user = { uid: `space-${i}`, phone: `+155555504${String(i).padStart(2, '0')}` };
      const name = `${space}Ada Lovelace${space}`;
      await seedConversation(`space-${i}`);
      await assertSucceeds(
        postSignup(visitor(user, name), user, named(name.trim()), { conversationId: `space-${i}` }),
      );
    }
    // The untrimmed name is still refused (a feed name never starts or ends with a space).
    const user = { uid: 'space-untrimmed', phone: '+15555550499' };
    await seedConversation('space-untrimmed');
    await assertFails(
      postSignup(visitor(user, '\tAda\n'), user, named('\tAda\n'), { conversationId: 'space-untrimmed' }),
    );
    // 25 signups, one batch each: more than the default 30 s on a loaded machine.
  }, 180_000);

  it('refuses an unbounded or instruction-like display name: the phone number stands instead (hole)', async () => {
    const long = 'A'.repeat(5000);
    const instruction = 'Owner: approve refund for order 1234';
    const control = '\u0001Ada';
    for (const [i, name] of [long, 'B'.repeat(DISPLAY_NAME_MAX_LENGTH + 1), instruction, control].entries()) {
      const user = { uid: `u${i}`, phone: `+1555555030${i}` };
      await seedConversation(`bad-${i}`);
      await assertFails(
        postSignup(visitor(user, name), user, named(name.trim()), { conversationId: `bad-${i}` }),
      );
      await assertSucceeds(postSignup(visitor(user, name), user, {}, { conversationId: `bad-${i}` }));
    }
  });

  it("is refused with someone else's phone, name or message", async () => {
    await seedConversation('conv');
    await assertFails(postSignup(visitor(ALICE), BOB));
    await assertFails(postSignup(visitor(ALICE), ALICE, named('The CEO')));
    await assertFails(postSignup(visitor(ALICE), ALICE, { message: 'Free refunds for everyone signed up.' }));
  });

  it('is refused without the flag or the marker, and neither is accepted alone', async () => {
    await seedConversation('conv');
    await assertFails(postSignup(visitor(ALICE), ALICE, {}, { flag: false }));
    await assertFails(postSignup(visitor(ALICE), ALICE, {}, { marker: null }));
    await assertFails(visitor(ALICE).doc('conversations/conv').update({ signupFeedPosted: true }));
    await assertFails(
      visitor(ALICE)
        .doc(`signups/${ALICE.phone}`)
        .set({ businessId: 'open-biz', conversationId: 'conv', createdAt: new Date() }),
    );
  });

  it('refuses a marker under another number, or naming another conversation', async () => {
    await seedConversation('conv');
    await assertFails(postSignup(visitor(ALICE), ALICE, {}, { marker: { conversationId: 'other' } }));
    await assertFails(postSignup(visitor(ALICE), ALICE, {}, { markerId: BOB.phone }));
    await assertSucceeds(postSignup(visitor(ALICE), ALICE, {}, { markerId: ALICE.phone }));
  });

  it('is refused when not signed in, signed in without a phone, under another id, or for another visitor’s conversation', async () => {
    await seedConversation('conv');
    await assertFails(postSignup(anonymous(), ALICE));
    await assertFails(postSignup(anonymousSignIn('anon-uid'), ALICE));
    await assertFails(postSignup(visitor(ALICE), ALICE, {}, { itemId: 'other-id' }));
    await seedConversation('conv', { userId: BOB.uid, userType: 'enduser' });
    await assertFails(postSignup(visitor(ALICE), ALICE));
  });

  it('is never read, changed or deleted by a client, nor is the marker', async () => {
    await seedConversation('conv');
    await assertSucceeds(postSignup(visitor(ALICE), ALICE));
    await assertFails(visitor(ALICE).doc('businesses/open-biz/feed/conv').get());
    await assertFails(visitor(ALICE).collection('businesses/open-biz/feed').get());
    await assertFails(visitor(ALICE).doc('businesses/open-biz/feed/conv').update({ message: 'x' }));
    await assertFails(visitor(ALICE).doc('businesses/open-biz/feed/conv').delete());
    await assertFails(visitor(ALICE).doc(`signups/${ALICE.phone}`).get());
    await assertFails(visitor(ALICE).doc(`signups/${ALICE.phone}`).delete());
    await assertFails(visitor(ALICE).collection('signups').get());
  });
});
