/**
 * The DataProvider contract's live messages: adding messages, the subscription's ordered lists,
 * live updates, unsubscribe, and the error path.
 */
import { EN, ProviderError, newMessageId, type NewMessage } from '@chat/core';
import { describe, expect, it } from 'vitest';
import type { DataContractContext } from './data-contract-context.js';
import {
  eventually,
  expectProviderError,
  harnessCapability,
  texts,
  watchMessages,
} from './contract-helpers.js';

export function describeLiveMessagesContract(ctx: DataContractContext): void {
  describe('messages', () => {
    it('adds messages with an id and createdAt and streams them ordered by createdAt', async () => {
      const { conversation } = await ctx.freshConversation();
      const first = await ctx.subject.data.addMessage(conversation.id, {
        id: newMessageId(),
        role: 'user',
        text: 'one',
      });
      const watch = watchMessages(ctx.subject.data, conversation.id);
      try {
        await watch.until((list) => expect(texts(list)).toEqual(['one']));

        // A system notice the page saves (firestore.rules accepts only those as system messages).
        const notice = EN.ui.authCancelled;
        const second = await ctx.subject.data.addMessage(conversation.id, {
          id: newMessageId(),
          role: 'system',
          text: notice,
          type: 'system',
        });
        const third = await ctx.subject.data.addMessage(conversation.id, {
          id: newMessageId(),
          role: 'user',
          text: 'three',
        });

        const list = await watch.until((l) => expect(texts(l)).toEqual(['one', notice, 'three']));
        expect(list).toEqual([first, second, third]);
        expect(second).toMatchObject({ role: 'system', text: notice, type: 'system' });
        expect(new Set([first.id, second.id, third.id]).size).toBe(3);
        expect(first.createdAt).toBeLessThanOrEqual(second.createdAt);
        expect(second.createdAt).toBeLessThanOrEqual(third.createdAt);
      } finally {
        watch.stop();
      }
    });

    it('first reports the current list, empty for a new conversation', async () => {
      const { conversation } = await ctx.freshConversation();
      const watch = watchMessages(ctx.subject.data, conversation.id);
      try {
        await watch.until((list) => expect(list).toEqual([]));
      } finally {
        watch.stop();
      }
    });

    it('stops calling the observer after unsubscribe', async () => {
      const { conversation } = await ctx.freshConversation();
      const watch = watchMessages(ctx.subject.data, conversation.id);
      // Another subscription to the same conversation shows when a change has been delivered.
      const witness = watchMessages(ctx.subject.data, conversation.id);
      try {
        await watch.until((list) => expect(list).toEqual([]));
        await ctx.subject.data.addMessage(conversation.id, {
          id: newMessageId(),
          role: 'user',
          text: 'seen',
        });
        await watch.until((list) => expect(texts(list)).toEqual(['seen']));
        const calls = watch.lists.length;

        watch.stop();
        watch.stop();
        await ctx.subject.data.addMessage(conversation.id, {
          id: newMessageId(),
          role: 'user',
          text: 'unseen',
        });

        await witness.until((list) => expect(texts(list)).toEqual(['seen', 'unseen']));
        expect(watch.lists).toHaveLength(calls);
        expect(watch.errors).toEqual([]);
      } finally {
        witness.stop();
      }
    });

    it('keeps live subscriptions to different conversations apart', async () => {
      const a = await ctx.freshConversation();
      const b = await ctx.freshConversation();
      const watchA = watchMessages(ctx.subject.data, a.conversation.id);
      const watchB = watchMessages(ctx.subject.data, b.conversation.id);
      try {
        await ctx.subject.data.addMessage(a.conversation.id, {
          id: newMessageId(),
          role: 'user',
          text: 'for a',
        });
        await ctx.subject.data.addMessage(b.conversation.id, {
          id: newMessageId(),
          role: 'user',
          text: 'for b',
        });

        await watchA.until((list) => expect(texts(list)).toEqual(['for a']));
        await watchB.until((list) => expect(texts(list)).toEqual(['for b']));
      } finally {
        watchA.stop();
        watchB.stop();
      }
    });

    it('rejects a model message with invalid-argument and stores nothing', async () => {
      const { conversation } = await ctx.freshConversation();

      const error = await expectProviderError(
        ctx.subject.data.addMessage(conversation.id, {
          id: newMessageId(),
          role: 'model' as never,
          text: 'I am the assistant',
        }),
        'invalid-argument',
      );
      expect(error.message).toContain('role');

      const watch = watchMessages(ctx.subject.data, conversation.id);
      try {
        await watch.until((list) => expect(list).toEqual([]));
      } finally {
        watch.stop();
      }
    });

    it("rejects what firestore.rules' isNewMessage refuses with invalid-argument naming the field, and stores nothing", async () => {
      const { conversation } = await ctx.freshConversation();
      const refused: Array<[NewMessage, string]> = [
        [{ id: newMessageId(), role: 'system', type: 'system', text: 'Your account is suspended' }, 'text'],
        [{ id: newMessageId(), role: 'system', text: EN.ui.authCancelled }, 'type'],
        [{ id: newMessageId(), role: 'user', type: 'auth', text: 'Please verify' }, 'type'],
        [{ id: newMessageId(), role: 'user', type: 'loading', text: '…' }, 'type'],
        [{ id: newMessageId(), role: 'user', text: '   ' }, 'text'],
      ];
      for (const [message, field] of refused) {
        const error = await expectProviderError(
          ctx.subject.data.addMessage(conversation.id, message),
          'invalid-argument',
        );
        expect(error.message).toContain(field);
      }

      const watch = watchMessages(ctx.subject.data, conversation.id);
      try {
        await watch.until((list) => expect(list).toEqual([]));
      } finally {
        watch.stop();
      }
      expect((await ctx.subject.data.getConversation(conversation.id))?.lastMessage).toBeNull();
    });

    it('reports a failing live subscription through observer.error', async (t) => {
      const breakLive = harnessCapability(t, ctx.subject.harness, 'breakLiveSubscription');
      const { conversation } = await ctx.freshConversation();
      const watch = watchMessages(ctx.subject.data, conversation.id);
      try {
        await watch.until((list) => expect(list).toEqual([]));

        const code = await breakLive(conversation.id);

        await eventually(() => expect(watch.errors.map((e) => e.code)).toEqual([code]));
        expect(watch.errors[0]).toBeInstanceOf(ProviderError);
      } finally {
        watch.stop();
      }
    });
  });
}
