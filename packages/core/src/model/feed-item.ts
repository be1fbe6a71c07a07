import type * as z from 'zod/mini';
import type { Checked } from '../check/check.js';
import type { FeedItemCheck } from '../read/read-answers.js';
import type { BusinessFeedItemSchema, TeamRequestItemSchema } from '../schema/feed-item.js';
import type { NewFeedItemCheck } from '../write/write-checks.js';

export * from '../fields/feed-item-fields.js';

/** §3 Business feed item, in a business's 'feed' sub-collection. */
export type FeedItem = Checked<typeof FeedItemCheck>;
/** What a client writes; the backend sets id and createdAt. */
export type NewFeedItem = Checked<typeof NewFeedItemCheck>;
/** A booking request or hand-off the chat service passed to the business's team. */
export type TeamRequestItem = z.infer<typeof TeamRequestItemSchema>;
/** What the chat service writes; the store sets createdAt (the id is derived from the answered message). */
export type NewTeamRequestItem = Omit<TeamRequestItem, 'id' | 'createdAt'>;
/** Any item of a business's feed: a signup, a booking request, a hand-off. */
export type BusinessFeedItem = z.infer<typeof BusinessFeedItemSchema>;
