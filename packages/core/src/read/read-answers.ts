/**
 * The answers the page reads from our servers (identity, live messages, chat service, error bodies),
 * checked with plain checks (../check) that mirror the zod schemas the servers are written against
 * (../schema): the page gets the same guarantees without the schema library in its bundle. Messages
 * inside them are read liberally, with readMessage.
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
} from '../check/check.js';
import { ERROR_CODES } from '../errors.js';
import { MAX_INTERRUPT_MESSAGE_LENGTH } from '../fields/chat-fields.js';
import { MAX_DISPLAY_NAME_LENGTH, MAX_PHONE_NUMBER_LENGTH, MAX_UID_LENGTH } from '../fields/user-fields.js';
import type { FeedItem } from '../model/feed-item.js';
import type { AuthUser } from '../model/user.js';
import type { ChatResponse } from '../wire/chat-api.js';
import type { ErrorBody } from '../wire/error-body.js';
import type {
  BotCheckToken,
  SendCodeResult,
  SignInResult,
  SubscribeAck,
  SubscriptionErrorEvent,
  UpsertEvent,
} from '../wire/local-api.js';
import { DocumentIdCheck, newFeedItemFields } from '../write/write-checks.js';
import { ToolRequestCheck } from '../write/chat-body-checks.js';
import type { ReadResult } from './read-helpers.js';
import { isRecord } from './read-helpers.js';
import { readMessage } from './read-message.js';

const ErrorCheck = object({ code: oneOf(ERROR_CODES), message: string() });

export const ErrorBodyCheck: Check<ErrorBody> = object({ error: ErrorCheck });

export const BotCheckTokenCheck: Check<BotCheckToken> = object({
  token: string({ min: 1 }),
  expiresAt: number,
});

export const SendCodeResultCheck: Check<SendCodeResult> = object({ verificationId: string({ min: 1 }) });

export const AuthUserCheck: Check<AuthUser> = object({
  uid: string({ min: 1, max: MAX_UID_LENGTH }),
  phoneNumber: nullable(string({ max: MAX_PHONE_NUMBER_LENGTH })),
  displayName: nullable(string({ max: MAX_DISPLAY_NAME_LENGTH })),
});

export const SignInResultCheck: Check<SignInResult> = object({
  user: AuthUserCheck,
  isNewUser: optional(boolean),
  idToken: string({ min: 1 }),
  expiresAt: number,
  refreshToken: optional(string({ min: 1 })),
});

const Sequence = integer({ min: 0 });
const StreamedMessage = fromReader((raw) => readMessage(raw));

const OkAck = object({
  ok: oneOf([true]),
  messages: array(object({ seq: Sequence, message: StreamedMessage })),
});
const FailedAck = object({ ok: oneOf([false]), error: ErrorCheck });

/** The answer to a subscribe: the snapshot, or why the server refused. */
export const SubscribeAckCheck: Check<SubscribeAck> = (value, path, problems) =>
  isRecord(value) && value.ok === false ? FailedAck(value, path, problems) : OkAck(value, path, problems);

export const UpsertEventCheck: Check<UpsertEvent> = object({
  conversationId: DocumentIdCheck,
  seq: Sequence,
  message: StreamedMessage,
});

export const SubscriptionErrorEventCheck: Check<SubscriptionErrorEvent> = object({
  conversationId: DocumentIdCheck,
  error: ErrorCheck,
});

export const ChatResponseCheck: Check<ChatResponse> = looseObject({
  interrupts: optional(
    array(
      looseObject({
        toolRequest: ToolRequestCheck,
        metadata: optional(
          looseObject({
            interrupt: optional(
              looseObject({ message: optional(string({ max: MAX_INTERRUPT_MESSAGE_LENGTH })) }),
            ),
          }),
        ),
      }),
    ),
  ),
  smartReplies: optional(
    array(
      union<string | { text: string; type?: string }>(
        [string(), looseObject({ type: optional(string()), text: string() })],
        'must be a text or an object with a text',
      ),
    ),
  ),
});

/** A stored feed item: what a client writes, with the id and time the backend set. */
export const FeedItemCheck: Check<FeedItem> = object({
  id: string({ min: 1 }),
  createdAt: integer({ min: 0 }),
  ...newFeedItemFields,
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
