/**
 * The lines of the data file (DATA_FILE). The first line is always a snapshot of the whole store;
 * every later line is one write, replayed in order at start. Each write carries the values the
 * server chose (ids, timestamps, sequence numbers), so replaying gives exactly the same store.
 */
import { z } from 'zod';
import {
  ConversationSchema,
  DocumentIdSchema,
  FeedItemSchema,
  LastMessageSchema,
  MessageSchema,
  SmartReplySchema,
  readBusiness,
} from '@chat/core';
import { formatPath } from './fixtures.js';

/**
 * A business document as stored: as written, possibly by another tool (PUT /control/businesses),
 * as long as the page's read side can read it (core's readBusiness).
 */
export const BusinessDocumentSchema = z
  .record(z.string(), z.unknown())
  .superRefine((document, ctx) => {
    const read = readBusiness(document);
    if (!read.ok) ctx.addIssue({ code: 'custom', message: read.problem });
  })
  .transform((document) => document as BusinessDocument);
export type BusinessDocument = { id: string } & Record<string, unknown>;

export const DATA_FILE_FORMAT = 'chat-mock-data';
export const DATA_FILE_VERSION = 1;

const seq = z.number().int().nonnegative();
const time = z.number().int().nonnegative();

export const SnapshotSchema = z.object({
  op: z.literal('snapshot'),
  format: z.literal(DATA_FILE_FORMAT),
  version: z.literal(DATA_FILE_VERSION),
  seq,
  businesses: z.array(BusinessDocumentSchema),
  conversations: z.array(
    z.object({
      conversation: ConversationSchema,
      messages: z.array(z.object({ seq, message: MessageSchema })),
    }),
  ),
  feed: z.array(z.object({ businessId: DocumentIdSchema, items: z.array(FeedItemSchema) })),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

export const WriteEntrySchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('business.put'), business: BusinessDocumentSchema }),
  z.object({ op: z.literal('conversation.create'), conversation: ConversationSchema }),
  z.object({
    op: z.literal('conversation.lastMessage'),
    id: DocumentIdSchema,
    lastMessage: LastMessageSchema,
    updatedAt: time,
  }),
  z.object({ op: z.literal('conversation.signupFeedPosted'), id: DocumentIdSchema, updatedAt: time }),
  z.object({ op: z.literal('message.add'), conversationId: DocumentIdSchema, seq, message: MessageSchema }),
  z.object({
    op: z.literal('message.update'),
    conversationId: DocumentIdSchema,
    id: z.string().min(1),
    seq,
    /** Text appended to the message (a streamed reply grows by deltas, so a line stays small). */
    appendText: z.string(),
    streaming: z.boolean(),
    smartReplies: z.array(SmartReplySchema).optional(),
  }),
  z.object({ op: z.literal('feed.add'), businessId: DocumentIdSchema, item: FeedItemSchema }),
]);
export type WriteEntry = z.infer<typeof WriteEntrySchema>;

/** A write the store refused because the data file's own reader would refuse its line at the next start. */
export class UnreadableWriteError extends Error {
  override readonly name = 'UnreadableWriteError';
}

/**
 * Throws UnreadableWriteError naming the field when `entry` is not a line WriteEntrySchema reads
 * back. The store checks every write with the reader's own schema before it journals or applies
 * it, so no input path (a moved clock, a control call, a scenario) can put a line in the data file
 * that stops the next start. Callers validate their input first; this failing is a server bug,
 * answered 500 and logged, with nothing stored.
 */
export function assertReadable(entry: WriteEntry): void {
  const parsed = WriteEntrySchema.safeParse(entry);
  if (parsed.success) return;
  const issue = parsed.error.issues[0]!;
  throw new UnreadableWriteError(
    `refused to store a ${entry.op} the data file could not read back: field ${formatPath(issue.path)}: ${issue.message}`,
  );
}
