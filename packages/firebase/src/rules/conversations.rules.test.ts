/** firestore.rules: creating, reading and updating conversations (lastMessage has its own file). */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import type firebase from 'firebase/compat/app';
import { CONVERSATION_LIFETIME_MS, MAX_RETENTION_AFTER_EXPIRY_MS } from '@chat/core';
import { describe, it } from 'vitest';
import {
  ALICE,
  BOB,
  DAY_MS,
  FIRESTORE_HOST,
  newConversation,
  Timestamp,
  useRulesTest,
} from './rules-test-env.js';

describe.skipIf(!FIRESTORE_HOST)('firestore.rules: conversations', () => {
  const { anonymous, visitor, anonymousSignIn, seedConversation } = useRulesTest('conversations');
  const conversations = (db: firebase.firestore.Firestore) => db.collection('conversations');

  describe('creating one', () => {
    it('is allowed for an approved business, anonymous or as the phone-verified caller', async () => {
      await assertSucceeds(conversations(anonymous()).add(newConversation()));
      await assertSucceeds(
        conversations(visitor(ALICE)).add(newConversation({ userId: ALICE.uid, userType: 'enduser' })),
      );
      // A signed-in caller may still start an anonymous one.
      await assertSucceeds(conversations(visitor(ALICE)).add(newConversation()));
    });

    it('is denied for a pending or denied business, and for a missing one', async () => {
      for (const businessId of ['pending-biz', 'denied-biz', 'no-such-biz']) {
        await assertFails(conversations(anonymous()).add(newConversation({ businessId })));
      }
    });

    it('is denied with an extra field, or a contextType over 64 characters', async () => {
      await assertFails(conversations(anonymous()).add(newConversation({ priority: 'vip' })));
      await assertSucceeds(conversations(anonymous()).add(newConversation({ contextType: 'x'.repeat(64) })));
      await assertFails(conversations(anonymous()).add(newConversation({ contextType: 'x'.repeat(65) })));
    });

    it('is denied with a client-chosen createdAt or expiredAt', async () => {
      const now = Timestamp.now();
      await assertFails(conversations(anonymous()).add(newConversation({ createdAt: now })));
      await assertFails(
        conversations(anonymous()).add(
          newConversation({ expiredAt: Timestamp.fromMillis(now.toMillis() + DAY_MS) }),
        ),
      );
    });

    it('needs the TTL field deleteAt, between 24 h and 24 h + the longest retention from now (issue 29)', async () => {
      const at = (ms: number) => Timestamp.fromMillis(Date.now() + ms);
      const { deleteAt: _deleteAt, ...without } = newConversation();
      await assertFails(conversations(anonymous()).add(without));
      // The page's own: 24 h + the default retention, from its clock; any retention up to the longest.
      await assertSucceeds(conversations(anonymous()).add(newConversation()));
      await assertSucceeds(
        conversations(anonymous()).add(
          newConversation({
            deleteAt: at(CONVERSATION_LIFETIME_MS + MAX_RETENTION_AFTER_EXPIRY_MS - 60_000),
          }),
        ),
      );
      // Deleted before it could have expired, kept past the longest retention, or not a time: refused.
      for (const deleteAt of [
        at(CONVERSATION_LIFETIME_MS - 60_000),
        at(CONVERSATION_LIFETIME_MS + MAX_RETENTION_AFTER_EXPIRY_MS + 60_000),
        Date.now() + DAY_MS * 30,
        null,
      ]) {
        await assertFails(conversations(anonymous()).add(newConversation({ deleteAt })));
      }
    });

    it("is denied for someone else's uid, or a uid without signing in", async () => {
      await assertFails(
        conversations(visitor(ALICE)).add(newConversation({ userId: BOB.uid, userType: 'enduser' })),
      );
      await assertFails(
        conversations(anonymous()).add(newConversation({ userId: ALICE.uid, userType: 'enduser' })),
      );
    });

    it('is denied as an enduser conversation to a caller signed in without a phone number (hole)', async () => {
      const anonymousUser = anonymousSignIn('anon-uid');
      await assertFails(
        conversations(anonymousUser).add(newConversation({ userId: 'anon-uid', userType: 'enduser' })),
      );
      // That caller may still start an anonymous conversation, like anyone.
      await assertSucceeds(conversations(anonymousUser).add(newConversation()));
    });

    it('then takes exactly createdAt + 24 h as its expiry, once', async () => {
      const ref = await conversations(anonymous()).add(newConversation());
      const createdAt = (await ref.get()).get('createdAt') as firebase.firestore.Timestamp;
      const exact = new Timestamp(createdAt.seconds + DAY_MS / 1000, createdAt.nanoseconds);

      await assertFails(ref.update({ expiredAt: new Timestamp(exact.seconds + 3600, exact.nanoseconds) }));
      await assertSucceeds(ref.update({ expiredAt: exact }));
      // Never extended afterwards.
      await assertFails(ref.update({ expiredAt: new Timestamp(exact.seconds + DAY_MS / 1000, 0) }));
    });
  });

  describe('reading', () => {
    it('lets the owner (or anyone, for an anonymous one) get it, and nobody list them', async () => {
      await seedConversation('anon-conv');
      await seedConversation('alice-conv', { userId: ALICE.uid, userType: 'enduser' });

      await assertSucceeds(anonymous().doc('conversations/anon-conv').get());
      await assertSucceeds(visitor(ALICE).doc('conversations/alice-conv').get());
      await assertFails(visitor(BOB).doc('conversations/alice-conv').get());
      await assertFails(anonymous().doc('conversations/alice-conv').get());
      await assertFails(conversations(visitor(ALICE)).get());
      await assertFails(conversations(visitor(ALICE)).where('userId', '==', ALICE.uid).limit(1).get());
    });
  });

  describe('updating', () => {
    it('changes no other field, and is never deleted', async () => {
      await seedConversation('conv');
      await assertSucceeds(anonymous().doc('conversations/conv').get());
      await assertFails(anonymous().doc('conversations/conv').update({ businessId: 'denied-biz' }));
      await assertFails(anonymous().doc('conversations/conv').update({ summaryFeedPosted: true }));
      await assertFails(
        anonymous().doc('conversations/conv').update({ userId: ALICE.uid, userType: 'enduser' }),
      );
      await assertFails(anonymous().doc('conversations/conv').delete());
    });
  });
});
