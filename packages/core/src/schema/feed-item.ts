import { FEED_ITEM_TYPE, MAX_FEED_MESSAGE_LENGTH } from '../fields/feed-item-fields.js';
import { MAX_DISPLAY_NAME_LENGTH, MAX_PHONE_NUMBER_LENGTH } from '../fields/user-fields.js';
import { DocumentIdSchema } from './business.js';
import { z } from './zod.js';

/** §3 Business feed item, in a business's 'feed' sub-collection. */
export const FeedItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  type: z.literal(FEED_ITEM_TYPE),
  createdAt: z.int().check(z.nonnegative()),
  customerName: z.nullable(z.string().check(z.maxLength(MAX_DISPLAY_NAME_LENGTH))),
  customerPhone: z.nullable(z.string().check(z.maxLength(MAX_PHONE_NUMBER_LENGTH))),
  conversationId: DocumentIdSchema,
  message: z.string().check(z.minLength(1), z.maxLength(MAX_FEED_MESSAGE_LENGTH)),
});

/** What a client writes; the backend sets id and createdAt. */
export const NewFeedItemSchema = z.omit(FeedItemSchema, { id: true, createdAt: true });
