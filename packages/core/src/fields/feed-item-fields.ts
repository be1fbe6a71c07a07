/** §3 Business feed item: its field rules and limits, in one place (imports only other field rules). */
import { MAX_MESSAGE_LENGTH } from './message-fields.js';

/** The one kind of §3 business feed item the page writes. */
export const FEED_ITEM_TYPE = 'NEW_SIGNUP';

/** The longest feed item message ("<name> signed up."). */
export const MAX_FEED_MESSAGE_LENGTH = 300;

/**
 * The kinds of item the chat service passes to the business's team (issue 27): a verified visitor's
 * booking request, and a hand-off (the visitor asked for a person, or the assistant could not help).
 * Written only by the chat services (the Admin SDK in production); firestore.rules let no client
 * write them.
 */
export const TEAM_REQUEST_TYPES = ['BOOKING_REQUEST', 'HANDOFF'] as const;
export type TeamRequestType = (typeof TEAM_REQUEST_TYPES)[number];

/** The visitor's request in their own words, as a team request item keeps it (the page's message limit). */
export const MAX_TEAM_REQUEST_TEXT_LENGTH = MAX_MESSAGE_LENGTH;
/** The model's one-line summary of a team request. */
export const MAX_TEAM_REQUEST_SUMMARY_LENGTH = 300;
