import type * as z from 'zod/mini';
import type { FeedItemSchema, NewFeedItemSchema } from '../schema/feed-item.js';

export * from '../fields/feed-item-fields.js';

/** §3 Business feed item, in a business's 'feed' sub-collection. */
export type FeedItem = z.infer<typeof FeedItemSchema>;
/** What a client writes; the backend sets id and createdAt. */
export type NewFeedItem = z.infer<typeof NewFeedItemSchema>;
