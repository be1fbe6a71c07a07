/** §7 chat bodies: their field rules and limits, in one place (imports only the message limit). */
import { MAX_MESSAGE_LENGTH } from './message-fields.js';

export const RESUME_ACTIONS = ['PHONE_SIGN_IN', 'PHONE_SIGN_IN_DECLINED'] as const;
export type ResumeAction = (typeof RESUME_ACTIONS)[number];

/** The longest chat message the service accepts: the page's limit (§9) and room for a prefix. */
export const MAX_CHAT_MESSAGE_LENGTH = MAX_MESSAGE_LENGTH + 100;

/** The visitor's IANA time zone name. */
export const MAX_TIME_ZONE_LENGTH = 64;

/** A resume: how many answers it carries, and how long the visitor's message in each may be. */
export const RESUME = { maxResponses: 10, maxMessageLength: 500 } as const;

/** The text an interrupt asks the visitor with. */
export const MAX_INTERRUPT_MESSAGE_LENGTH = 2000;

/**
 * How long a chat service waits for a message the page is still saving before answering
 * 'message-not-saved' (decision 0025): past a phone's slow upload, short of holding a request for a
 * save that failed.
 */
export const SAVED_MESSAGE_WAIT_MS = 10_000;
