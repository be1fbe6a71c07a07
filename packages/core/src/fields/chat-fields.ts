/** §7 chat bodies: their field rules and limits, in one place (imports only the message limit). */
import { MAX_MESSAGE_LENGTH } from './message-fields.js';

export const RESUME_ACTIONS = ['PHONE_SIGN_IN', 'PHONE_SIGN_IN_DECLINED'] as const;
export type ResumeAction = (typeof RESUME_ACTIONS)[number];

/** The longest chat message the service accepts: the page's limit (§9) and room for a prefix. */
export const MAX_CHAT_MESSAGE_LENGTH = MAX_MESSAGE_LENGTH + 100;

/** The visitor's IANA time zone name. */
export const MAX_TIME_ZONE_LENGTH = 64;

/**
 * The page's language as a BCP 47 tag ('es', 'es-MX'), so the assistant can answer in it (a demo
 * scenario's `reply: { en: …, es: … }`). Optional: a client that does not send it gets English.
 */
export const CHAT_LANGUAGE_TAG = {
  maxLength: 35,
  pattern: /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/,
  patternMessage: 'must be a language tag like "es" or "es-MX"',
} as const;

/** A resume: how many answers it carries, and how long the visitor's message in each may be. */
export const RESUME = { maxResponses: 10, maxMessageLength: 500 } as const;

/**
 * The assistant's name the page shows ("Ava is typing…"): the web app's VITE_ASSISTANT_NAME, and a demo
 * scenario's `assistantName`, which `demo start` gives it.
 */
export const MAX_ASSISTANT_NAME_LENGTH = 40;

/** The text an interrupt asks the visitor with. */
export const MAX_INTERRUPT_MESSAGE_LENGTH = 2000;

/**
 * How long a chat service waits for a message the page is still saving before answering
 * 'message-not-saved' (decision 0025): past a phone's slow upload, short of holding a request for a
 * save that failed.
 */
export const SAVED_MESSAGE_WAIT_MS = 10_000;
