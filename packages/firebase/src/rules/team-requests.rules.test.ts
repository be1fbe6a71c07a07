/**
 * firestore.rules against a visitor forging what only the chat service writes (issue 27): the
 * BOOKING_REQUEST and HANDOFF items of a business's feed, and the claims of answered messages
 * (`conversations/{id}/turns/{messageId}`). The signup item stays the one feed item a visitor may write.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { teamRequestItemId } from '@chat/core';
import { describe, it } from 'vitest';
import { ALICE, FIRESTORE_HOST, postSignup, serverTime, useRulesTest } from './rules-test-env.js';

describe.skipIf(!FIRESTORE_HOST)('firestore.rules: requests passed to the team', () => {
  const { anonymous, visitor, seedConversation } = useRulesTest('team-requests');

  /** A team request item as the chat service writes it, from ALICE's conversation. */
  const forged = (type: string, extra: Record<string, unknown> = {}) => ({
    type,
    conversationId: 'conv',
    messageId: 'msg-1',
    customerName: null,
    customerPhone: ALICE.phone,
    request: 'Move my appointment to Friday',
    summary: null,
    message: `${ALICE.phone} sent a booking request.`,
    createdAt: serverTime(),
    ...extra,
  });

  it('still lets the signed-in visitor write their signup item', async () => {
    await seedConversation('conv');
    await assertSucceeds(postSignup(visitor(ALICE), ALICE));
  });

  it('refuses a BOOKING_REQUEST or HANDOFF item from a visitor, signed in or not, under any id', async () => {
    await seedConversation('conv');
    for (const type of ['BOOKING_REQUEST', 'HANDOFF']) {
      for (const db of [visitor(ALICE), anonymous()]) {
        await assertFails(
          db.doc(`businesses/open-biz/feed/${teamRequestItemId('conv', 'msg-1')}`).set(forged(type)),
        );
        await assertFails(db.doc('businesses/open-biz/feed/conv').set(forged(type)));
        await assertFails(db.collection('businesses/open-biz/feed').add(forged(type)));
      }
    }
  });

  it('refuses a team request dressed as the signup batch (its type, its fields)', async () => {
    await seedConversation('conv');
    await assertFails(postSignup(visitor(ALICE), ALICE, { type: 'BOOKING_REQUEST' }));
    await assertFails(postSignup(visitor(ALICE), ALICE, { request: 'Refund me', messageId: 'msg-1' }));
  });

  it('refuses reading the feed and reading or writing the claims of answered messages', async () => {
    await seedConversation('conv');
    const db = visitor(ALICE);
    await assertFails(db.collection('businesses/open-biz/feed').get());
    await assertFails(db.doc('conversations/conv/turns/msg-1').get());
    await assertFails(
      db
        .doc('conversations/conv/turns/msg-1')
        .set({ state: 'answered', attempt: 1, startedAtMs: 0, answer: {} }),
    );
    await assertFails(anonymous().doc('conversations/conv/turns/msg-1').set({ state: 'failed', attempt: 9 }));
  });
});
