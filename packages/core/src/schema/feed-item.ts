import { FEED_ITEM_TYPE } from '../model/feed-item.js';
import { DocumentIdSchema } from './business.js';
import { z } from './zod.js';

/** §3 Business feed item, in a business's 'feed' sub-collection. */
export const FeedItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  type: z.literal(FEED_ITEM_TYPE),
  createdAt: z.int().check(z.nonnegative()),
  customerName: z.nullable(z.string().check(z.maxLength(200))),
  customerPhone: z.nullable(z.string().check(z.maxLength(32))),
  conversationId: DocumentIdSchema,
  message: z.string().check(z.minLength(1), z.maxLength(300)),
});

/** What a client writes; the backend sets id and createdAt. */
export const NewFeedItemSchema = z.omit(FeedItemSchema, { id: true, createdAt: true });
