import {
  MAX_FEED_MESSAGE_LENGTH,
  MAX_TEAM_REQUEST_SUMMARY_LENGTH,
  MAX_TEAM_REQUEST_TEXT_LENGTH,
  TEAM_REQUEST_TYPES,
} from '../fields/feed-item-fields.js';
import { MAX_DISPLAY_NAME_LENGTH, MAX_PHONE_NUMBER_LENGTH } from '../fields/user-fields.js';
import { DocumentIdSchema } from './business.js';
import { FeedItemCheck } from '../read/read-answers.js';
import { NewFeedItemCheck } from '../write/write-checks.js';
import { z } from './zod.js';
import { zodObjectOf } from './zod-of.js';

/** §3 Business feed item, in a business's 'feed' sub-collection (its one spelling: ../read/read-answers.ts). */
export const FeedItemSchema = zodObjectOf(FeedItemCheck);

/** What a client writes; the backend sets id and createdAt. */
export const NewFeedItemSchema = zodObjectOf(NewFeedItemCheck);

/**
 * An item the chat service passes to the business's team (issue 27): a booking request or a hand-off
 * from a verified visitor. The customer fields come from the visitor's verified ID token only; `request`
 * is the visitor's own words, `summary` the model's one line (null without a model); `messageId` names
 * the message the turn answered, from which the item's id is derived (one item per answered message).
 */
export const TeamRequestItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  type: z.enum(TEAM_REQUEST_TYPES),
  createdAt: z.int().check(z.nonnegative()),
  customerName: z.nullable(z.string().check(z.maxLength(MAX_DISPLAY_NAME_LENGTH))),
  customerPhone: z.string().check(z.minLength(1), z.maxLength(MAX_PHONE_NUMBER_LENGTH)),
  conversationId: DocumentIdSchema,
  messageId: DocumentIdSchema,
  request: z.string().check(z.maxLength(MAX_TEAM_REQUEST_TEXT_LENGTH)),
  summary: z.nullable(z.string().check(z.maxLength(MAX_TEAM_REQUEST_SUMMARY_LENGTH))),
  message: z.string().check(z.minLength(1), z.maxLength(MAX_FEED_MESSAGE_LENGTH)),
});

/** Any item of a business's feed, as the business (and the demo console) reads it. */
export const BusinessFeedItemSchema = z.union([FeedItemSchema, TeamRequestItemSchema]);
