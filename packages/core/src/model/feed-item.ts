import { z } from 'zod';
import { DocumentIdSchema } from './business.js';

/** §3 Business feed item, in a business's 'feed' sub-collection. */
export const FeedItemSchema = z.object({
  id: z.string().min(1),
  type: z.literal('NEW_SIGNUP'),
  createdAt: z.number().int().nonnegative(),
  customerName: z.string().max(200).nullable(),
  customerPhone: z.string().max(32).nullable(),
  conversationId: DocumentIdSchema,
  message: z.string().min(1).max(300),
});
export type FeedItem = z.infer<typeof FeedItemSchema>;

/** What a client writes; the backend sets id and createdAt. */
export const NewFeedItemSchema = FeedItemSchema.omit({ id: true, createdAt: true });
export type NewFeedItem = z.infer<typeof NewFeedItemSchema>;
