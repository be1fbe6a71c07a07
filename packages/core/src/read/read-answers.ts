/**
 * The answers the page reads from our servers (identity, live messages, chat service, error bodies,
 * feed items), spelled once: these plain checks (../check) are the shapes, the types in ../wire and
 * ../model are what they keep, and the servers' zod schemas for the same answers are built from them
 * (../schema/zod-of.ts, decision 0035). The page gets the same guarantees as the servers without the
 * schema library in its bundle. Messages inside them are read liberally, with readMessage.
 */
import {
  array,
  boolean,
  fromReader,
  integer,
  looseObject,
  nullable,
  number,
  object,
  oneOf,
  optional,
  runCheck,
  string,
  union,
  type Check,
  type Checked,
} from '../check/check.js';
import { ERROR_CODES } from '../errors.js';
import { MAX_INTERRUPT_MESSAGE_LENGTH } from '../fields/chat-fields.js';
import { MAX_DISPLAY_NAME_LENGTH, MAX_PHONE_NUMBER_LENGTH, MAX_UID_LENGTH } from '../fields/user-fields.js';
import { DocumentIdCheck, newFeedItemFields } from '../write/write-checks.js';
import { ToolRequestCheck } from '../write/chat-body-checks.js';
import type { ReadResult } from './read-helpers.js';
import { isRecord } from './read-helpers.js';
import { readMessage } from './read-message.js';

/** An error code from the closed set and a human message, as error bodies and socket errors carry it. */
export const ErrorCheck = object({ code: oneOf(ERROR_CODES), message: string() });

/** The JSON body of every non-2xx answer from our servers. */
export const ErrorBodyCheck = object({ error: ErrorCheck });

export const BotCheckTokenCheck = object({
  token: string({ min: 1 }),
  expiresAt: number,
});

export const SendCodeResultCheck = object({ verificationId: string({ min: 1 }) });

/** The signed-in visitor as the identity provider reports it after phone sign-in (§7). */
export const AuthUserCheck = object({
  uid: string({ min: 1, max: MAX_UID_LENGTH }),
  phoneNumber: nullable(string({ max: MAX_PHONE_NUMBER_LENGTH })),
  displayName: nullable(string({ max: MAX_DISPLAY_NAME_LENGTH })),
});

export const SignInResultCheck = object({
  user: AuthUserCheck,
  /** On verify-code: whether the number signed in for the first time (a signup). Absent on refresh. */
  isNewUser: optional(boolean),
  idToken: string({ min: 1 }),
  /** Epoch ms when idToken stops being accepted. */
  expiresAt: number,
  /**
   * A long-lived token that gets a new ID token once this one has expired, as Firebase's refresh
   * token does: a session outlives its ID token's hour (and the mock server's clock moves).
   */
  refreshToken: optional(string({ min: 1 })),
});

/** The server's sequence number of a message's latest change. */
export const SequenceCheck = integer({ min: 0 });

/**
 * A message as the live stream carries it, read liberally (readMessage): a message of an unknown type
 * or with an overlong smart reply is shown, not refused; only one without an id, a role, a text or a
 * time fails, naming what is missing.
 */
const StreamedMessageCheck = fromReader((raw) => readMessage(raw));

/** A message with the server's sequence number of its latest change. */
export const SequencedMessageCheck = object({ seq: SequenceCheck, message: StreamedMessageCheck });

const OkAckCheck = object({
  ok: oneOf([true]),
  /** Every message changed after afterSeq (all of them without it), ordered by seq. */
  messages: array(SequencedMessageCheck),
});
const FailedAckCheck = object({ ok: oneOf([false]), error: ErrorCheck });

/** The answer to a subscribe: the snapshot, or why the server refused (its problems are those of the one `ok` names). */
export const SubscribeAckCheck = union<Checked<typeof OkAckCheck> | Checked<typeof FailedAckCheck>>(
  [OkAckCheck, FailedAckCheck],
  'must be a subscribe answer',
  (value) => (isRecord(value) && value.ok === false ? FailedAckCheck : OkAckCheck),
);

export const UpsertEventCheck = object({
  conversationId: DocumentIdCheck,
  seq: SequenceCheck,
  message: StreamedMessageCheck,
});

export const SubscriptionErrorEventCheck = object({
  conversationId: DocumentIdCheck,
  error: ErrorCheck,
});

export const ChatInterruptCheck = looseObject({
  toolRequest: ToolRequestCheck,
  metadata: optional(
    looseObject({
      interrupt: optional(looseObject({ message: optional(string({ max: MAX_INTERRUPT_MESSAGE_LENGTH })) })),
    }),
  ),
});

const SmartReplyObjectCheck = looseObject({ type: optional(string()), text: string() });

/**
 * §7 response. Only interrupts and smartReplies are read; smart replies arrive as strings or
 * objects and are normalised by rules/smart-replies.ts.
 */
export const ChatResponseCheck = looseObject({
  interrupts: optional(array(ChatInterruptCheck)),
  smartReplies: optional(
    array(
      union<string | Checked<typeof SmartReplyObjectCheck>>(
        [string(), SmartReplyObjectCheck],
        'must be a text or an object with a text',
      ),
    ),
  ),
});

const { type: feedItemType, ...feedItemFields } = newFeedItemFields;

/** §3 Business feed item, in a business's 'feed' sub-collection: what a client writes, with the id and time the backend set. */
export const FeedItemCheck = object({
  id: string({ min: 1 }),
  type: feedItemType,
  createdAt: integer({ min: 0 }),
  ...feedItemFields,
});

/** A reader (for chat-client's requestJson and the socket handlers) from a check. */
function reader<T>(check: Check<T>): (raw: unknown) => ReadResult<T> {
  return (raw) => runCheck(check, raw);
}

export const readErrorBody = reader(ErrorBodyCheck);
export const readBotCheckToken = reader(BotCheckTokenCheck);
export const readSendCodeResult = reader(SendCodeResultCheck);
export const readSignInResult = reader(SignInResultCheck);
export const readSubscribeAck = reader(SubscribeAckCheck);
export const readUpsertEvent = reader(UpsertEventCheck);
export const readSubscriptionErrorEvent = reader(SubscriptionErrorEventCheck);
export const readChatResponse = reader(ChatResponseCheck);
export const readFeedItem = reader(FeedItemCheck);
