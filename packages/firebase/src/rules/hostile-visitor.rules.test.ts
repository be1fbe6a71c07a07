/**
 * A hostile visitor's pass over firestore.rules beyond the holes issue 17 listed (those are the "(hole)"
 * cases of the other files): queries across collections, paths the page never uses, overwriting
 * instead of creating, cross-business feed items, type confusion. Every attempt here must be denied;
 * decision 0017 records what was tried and why each is closed.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { describe, it } from 'vitest';
import {
  ALICE,
  BOB,
  FIRESTORE_HOST,
  newConversation,
  postSignup,
  sendAsPage,
  setLastMessage,
  useRulesTest,
  visitorMessage,
} from './rules-test-env.js';

describe.skipIf(!FIRESTORE_HOST)('firestore.rules: a hostile visitor', () => {
  const { anonymous, visitor, asAdmin, seedConversation } = useRulesTest('hostile');

  it('cannot query across collections (collection groups) for messages, feed items or conversations', async () => {
    await seedConversation('conv');
    await assertSucceeds(anonymous().collection('conversations/conv/messages').get());
    for (const group of ['messages', 'feed', 'conversations', 'handles', 'signups']) {
      await assertFails(visitor(ALICE).collectionGroup(group).get());
      await assertFails(visitor(ALICE).collectionGroup(group).limit(1).get());
    }
  });

  it('cannot read or write anywhere the page does not', async () => {
    await seedConversation('conv');
    await assertFails(visitor(ALICE).doc('users/alice').set({ role: 'admin' }));
    await assertFails(visitor(ALICE).doc('users/alice').get());
    await assertFails(visitor(ALICE).doc('businesses/open-biz/secrets/x').set({ a: 1 }));
    await assertFails(visitor(ALICE).doc('conversations/conv/notes/x').set({ a: 1 }));
    await assertFails(anonymous().doc('conversations/conv/messages/m/replies/x').set({ a: 1 }));
  });

  it('cannot overwrite a conversation by "creating" it again, or create one under an unusable id', async () => {
    await seedConversation('conv');
    await assertFails(anonymous().doc('conversations/conv').set(newConversation()));
    await assertSucceeds(anonymous().doc('conversations/chosen-id_1').set(newConversation()));
    await assertFails(anonymous().doc('conversations/bad.id').set(newConversation()));
    await assertFails(
      anonymous()
        .doc(`conversations/${'x'.repeat(129)}`)
        .set(newConversation()),
    );
  });

  it("cannot overwrite the assistant's message by writing a message under its id", async () => {
    await seedConversation('conv');
    await asAdmin((db) =>
      db
        .doc('conversations/conv/messages/model-1')
        .set({ role: 'model', text: 'Hello!', createdAt: new Date() }),
    );
    await assertFails(anonymous().doc('conversations/conv/messages/model-1').set(visitorMessage()));
    await assertFails(
      anonymous().doc('conversations/conv/messages/model-1').update({ text: 'Refund approved' }),
    );
    await assertSucceeds(anonymous().doc('conversations/conv/messages/visitor-1').set(visitorMessage()));
  });

  it('cannot post a feed item to another business than its conversation’s', async () => {
    await seedConversation('conv');
    const db = visitor(ALICE);
    const batch = db.batch();
    batch.set(db.doc('businesses/denied-biz/feed/conv'), {
      type: 'NEW_SIGNUP',
      conversationId: 'conv',
      customerName: null,
      customerPhone: ALICE.phone,
      message: `${ALICE.phone} signed up.`,
      createdAt: visitorMessage().createdAt,
    });
    batch.update(db.doc('conversations/conv'), { signupFeedPosted: true });
    batch.set(db.doc(`signups/${ALICE.phone}`), {
      businessId: 'denied-biz',
      conversationId: 'conv',
      createdAt: visitorMessage().createdAt,
    });
    await assertFails(batch.commit());
    await assertSucceeds(postSignup(visitor(ALICE), ALICE));
  });

  it('cannot confuse types: a numeric messageId, a string sentAt, a map text', async () => {
    await seedConversation('conv');
    const { lastMessage } = await sendAsPage(anonymous(), 'conv');
    await assertFails(setLastMessage(anonymous(), 'conv', { ...lastMessage, messageId: 42 }));
    await assertFails(
      setLastMessage(anonymous(), 'conv', { ...lastMessage, sentAt: '2026-11-26T00:00:00Z' }),
    );
    await assertFails(
      anonymous()
        .collection('conversations/conv/messages')
        .add(visitorMessage({ text: { a: 1 } })),
    );
    await assertFails(
      anonymous()
        .collection('conversations')
        .add(newConversation({ isOutsideBusinessHours: 'no' })),
    );
    await assertSucceeds(setLastMessage(anonymous(), 'conv', lastMessage));
  });

  it("cannot take over someone else's conversation or read it through a batch", async () => {
    await seedConversation('alice-conv', { userId: ALICE.uid, userType: 'enduser' });
    const db = visitor(BOB);
    const batch = db.batch();
    batch.set(db.doc('conversations/alice-conv/messages/bob-1'), visitorMessage());
    batch.update(db.doc('conversations/alice-conv'), { userId: BOB.uid });
    await assertFails(batch.commit());
    await assertFails(visitor(BOB).collection('conversations/alice-conv/messages').limit(1).get());
  });
});
