/**
 * The DataProvider contract's business feed (§3 "Business feed item", §4 first signup): only a
 * signed-in visitor may add a NEW_SIGNUP item, for a conversation of that business that is anonymous
 * or their own — as firestore.rules and the mock server both enforce. The page posts it right after
 * the phone sign-in, through the data provider of the same backend, which sends the visitor's token.
 */
import { signupFeedItem } from '@chat/core';
import { describe, expect, it } from 'vitest';
import type { DataContractContext } from './data-contract-context.js';
import { TEST_PHONE_DISPLAY_NAME, TEST_PHONE_NUMBER } from './contract-fixtures.js';
import {
  expectProviderError,
  harnessCapability,
  requireCapability,
  signInWithPhone,
} from './contract-helpers.js';

/** A second number for the "someone else's conversation" case (a fixed-code test number on the mock). */
const OTHER_PHONE_NUMBER = '+15555550101';

export function describeDataFeedContract(ctx: DataContractContext): void {
  describe('business feed', () => {
    it("adds a signed-in visitor's feed item to the business's feed", async (t) => {
      const auth = requireCapability(t, ctx.subject.auth, 'auth provider');
      const readFeed = harnessCapability(t, ctx.subject.harness, 'readFeed');
      // As on the page: the conversation was started anonymously, then the visitor signed in.
      const { business, conversation } = await ctx.freshConversation();
      const user = await signInWithPhone(auth, ctx.subject.harness);
      const item = signupFeedItem(user, conversation.id);

      await ctx.subject.data.addFeedItem(business.id, item);

      const feed = await readFeed(business.id);
      expect(feed).toHaveLength(1);
      expect(feed[0]).toMatchObject({
        type: 'NEW_SIGNUP',
        customerName: TEST_PHONE_DISPLAY_NAME,
        customerPhone: TEST_PHONE_NUMBER,
        conversationId: conversation.id,
        message: `${TEST_PHONE_DISPLAY_NAME} signed up.`,
      });
      // Server time, so allow for a clock that differs a little from this machine's.
      expect(Math.abs((feed[0]?.createdAt ?? 0) - Date.now())).toBeLessThan(60_000);
    });

    it('rejects an anonymous feed post and stores nothing', async (t) => {
      const readFeed = harnessCapability(t, ctx.subject.harness, 'readFeed');
      await ctx.subject.auth?.signOut();
      const { business, conversation } = await ctx.freshConversation();
      const item = signupFeedItem(
        { uid: 'contract-nobody', phoneNumber: TEST_PHONE_NUMBER, displayName: null },
        conversation.id,
      );

      // The mock server answers 401 (no token); Firestore's rules deny the write.
      await expectProviderError(ctx.subject.data.addFeedItem(business.id, item), [
        'unauthenticated',
        'permission-denied',
      ]);

      expect(await readFeed(business.id)).toEqual([]);
    });

    it("rejects a feed item for another signed-in visitor's conversation with permission-denied", async (t) => {
      const auth = requireCapability(t, ctx.subject.auth, 'auth provider');
      const readFeed = harnessCapability(t, ctx.subject.harness, 'readFeed');
      const owner = await signInWithPhone(auth, ctx.subject.harness, OTHER_PHONE_NUMBER);
      const { business, conversation } = await ctx.freshConversation({
        userId: owner.uid,
        userType: 'enduser',
      });
      await auth.signOut();
      const user = await signInWithPhone(auth, ctx.subject.harness);

      await expectProviderError(
        ctx.subject.data.addFeedItem(business.id, signupFeedItem(user, conversation.id)),
        'permission-denied',
      );

      expect(await readFeed(business.id)).toEqual([]);
    });

    it('rejects a feed item without a message with invalid-argument', async (t) => {
      const auth = requireCapability(t, ctx.subject.auth, 'auth provider');
      const { business, conversation } = await ctx.freshConversation();
      const user = await signInWithPhone(auth, ctx.subject.harness);
      const item = signupFeedItem(user, conversation.id);

      await expectProviderError(
        ctx.subject.data.addFeedItem(business.id, { ...item, message: '' }),
        'invalid-argument',
      );

      if (ctx.subject.harness.readFeed) expect(await ctx.subject.harness.readFeed(business.id)).toEqual([]);
    });
  });
}
