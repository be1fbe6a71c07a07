/** firestore.rules: businesses and the handle index (get-only; never listed, never written by a client). */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, expect, it } from 'vitest';
import { ALICE, FIRESTORE_HOST, useRulesTest } from './rules-test-env.js';

describe.skipIf(!FIRESTORE_HOST)('firestore.rules: businesses', () => {
  const { anonymous, visitor } = useRulesTest('businesses');

  it('anyone may get a business by id; no client may write one', async () => {
    await assertSucceeds(anonymous().doc('businesses/open-biz').get());
    await assertSucceeds(anonymous().doc('businesses/pending-biz').get());
    await assertFails(visitor(ALICE).doc('businesses/open-biz').update({ businessName: 'mine now' }));
    await assertFails(anonymous().doc('businesses/new-biz').set({ businessName: 'x' }));
    await assertFails(visitor(ALICE).doc('businesses/open-biz').delete());
  });

  it('are never listed: no query, however narrow, so they cannot be paged or filtered through', async () => {
    const businesses = anonymous().collection('businesses');
    await assertFails(businesses.get());
    await assertFails(businesses.where('handle', '==', 'open-biz').limit(1).get());
    // The hole on main: limit(1) paged with a cursor, and a filter found the pending and denied ones.
    await assertFails(businesses.orderBy('handle').startAfter('open-biz').limit(1).get());
    await assertFails(businesses.where('verification.status', '==', 'pending').limit(1).get());
    await assertFails(visitor(ALICE).collection('businesses').limit(1).get());
  });

  it('are found by handle through the handle index, which anyone may get', async () => {
    const entry = await assertSucceeds(anonymous().doc('handles/open-biz').get());
    expect(entry.get('businessId')).toBe('open-biz');
    // An unknown handle reads as missing (no error), as the page expects.
    expect((await assertSucceeds(anonymous().doc('handles/nobody').get())).exists).toBe(false);
  });

  it('keeps the handle index unlistable and unwritable', async () => {
    await assertFails(anonymous().collection('handles').get());
    await assertFails(anonymous().collection('handles').limit(1).get());
    await assertFails(visitor(ALICE).doc('handles/mine').set({ businessId: 'open-biz' }));
    await assertFails(visitor(ALICE).doc('handles/open-biz').update({ businessId: 'denied-biz' }));
    await assertFails(visitor(ALICE).doc('handles/open-biz').delete());
  });
});
