/**
 * The lines of the data file (DATA_FILE). The first line is always a snapshot of the whole store;
 * every later line is one write, replayed in order at start. Each write carries the values the
 * server chose (ids, timestamps, sequence numbers), so replaying gives exactly the same store.
 */
import { z } from 'zod';
import {
  ConversationSchema,
  DocumentIdSchema,
  BusinessFeedItemSchema,
  LastMessageSchema,
  MessageSchema,
  SmartReplySchema,
  readBusiness,
} from '@chat/core';
import { formatPath } from '@chat/core';

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
  feed: z.array(z.object({ businessId: DocumentIdSchema, items: z.array(BusinessFeedItemSchema) })),
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
    /** The reply ended before it was complete (its writer stopped): what was written is kept. */
    cut: z.literal(true).optional(),
  }),
  z.object({ op: z.literal('feed.add'), businessId: DocumentIdSchema, item: BusinessFeedItemSchema }),
]);
export type WriteEntry = z.infer<typeof WriteEntrySchema>;

/** `field <path>: <message>` for the first issue of a failed parse, as the data file's errors name it. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0]!;
  return `field ${formatPath(issue.path)}: ${issue.message}`;
}

/** A write the store refused because the data file's own reader would refuse its line at the next start. */
export class UnreadableWriteError extends Error {
  override readonly name = 'UnreadableWriteError';
}

/** A sequence number or a time the reader accepts: a non-negative safe integer. */
function stampProblem(value: number, path: string): string | null {
  return Number.isSafeInteger(value) && value >= 0 ? null : `field ${path}: must be a non-negative integer`;
}

/**
 * The writes made for every message and every streamed chunk (dozens per reply). Their content was
 * checked where it entered (the routes' bodies, the scenario loader, the control API) with the same
 * core schemas the reader uses; what the store adds itself is the sequence number and the times, and
 * that is what a moved clock could break, so that is what is checked here. Parsing each of them with
 * the whole schema cost ≈ 8 % of the write path's throughput (measured with `npm run bench -- --only=write`).
 */
const STAMPS_OF: Partial<{
  [Op in WriteEntry['op']]: (entry: Extract<WriteEntry, { op: Op }>) => string | null;
}> = {
  'message.add': (entry) =>
    stampProblem(entry.seq, 'seq') ?? stampProblem(entry.message.createdAt, 'message.createdAt'),
  'message.update': (entry) => stampProblem(entry.seq, 'seq'),
  'conversation.lastMessage': (entry) =>
    stampProblem(entry.updatedAt, 'updatedAt') ??
    stampProblem(entry.lastMessage.sentAt, 'lastMessage.sentAt'),
};

/**
 * Throws UnreadableWriteError naming the field when `entry` is not a line WriteEntrySchema reads
 * back. The store checks every write before it journals or applies it, so no input path (a moved
 * clock, a control call, a scenario) can put a line in the data file that stops the next start:
 * rare writes with the reader's own schema, the per-message ones by their stamps (STAMPS_OF).
 * Callers validate their input first; this failing is a server bug, answered 500 and logged, with
 * nothing stored.
 */
export function assertReadable(entry: WriteEntry): void {
  const stamps = STAMPS_OF[entry.op] as ((entry: WriteEntry) => string | null) | undefined;
  if (stamps) {
    const problem = stamps(entry);
    if (problem)
      throw new UnreadableWriteError(
        `refused to store a ${entry.op} the data file could not read back: ${problem}`,
      );
    return;
  }
  const parsed = WriteEntrySchema.safeParse(entry);
  if (parsed.success) {
    // What the public routes answer with is this JSON too (res.json): a document JSON.stringify
    // cannot write (nested thousands deep) would be stored and then answer 500 on every read.
    try {
      JSON.stringify(entry);
    } catch (error) {
      throw new UnreadableWriteError(
        `refused to store a ${entry.op} that cannot be written as JSON: ${(error as Error).message}`,
      );
    }
    return;
  }
  throw new UnreadableWriteError(
    `refused to store a ${entry.op} the data file could not read back: ${firstIssue(parsed.error)}`,
  );
}
