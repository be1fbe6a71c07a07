/**
 * The items a chat service passes to the business's team (issue 27): a verified visitor's booking
 * request or hand-off, written to the business's 'feed' beside the §3 NEW_SIGNUP items, in their style.
 * Who the customer is comes from the verified ID token only, never from the request body.
 */
import {
  MAX_FEED_MESSAGE_LENGTH,
  MAX_TEAM_REQUEST_SUMMARY_LENGTH,
  MAX_TEAM_REQUEST_TEXT_LENGTH,
  type NewTeamRequestItem,
  type TeamRequestType,
} from '../model/feed-item.js';
import type { AuthUser } from '../model/user.js';
import { feedDisplayName, trimText } from './visitor-text.js';

/** What follows the customer in a team request item's message, by type (the signup's " signed up."). */
export const TEAM_REQUEST_MESSAGE_SUFFIX: Record<TeamRequestType, string> = {
  BOOKING_REQUEST: ' sent a booking request.',
  HANDOFF: ' asked to talk to the team.',
};

/**
 * The feed item's id: one per message a turn answered, in its conversation. The '.' cannot occur in a
 * document id the page chooses, so it never meets a NEW_SIGNUP item (whose id is the conversation's).
 */
export function teamRequestItemId(conversationId: string, messageId: string): string {
  return `${conversationId}.${messageId}`;
}

/** What an assistant passes to the team; the chat service adds who asked. */
export interface TeamRequest {
  type: TeamRequestType;
  /** The visitor's request in their own words. */
  request: string;
  /** The model's one-line summary, when a model wrote the reply. */
  summary?: string | undefined;
}

/** A text cut to `max` characters, on one line when `oneLine`. */
function bounded(text: string, max: number, oneLine = false): string {
  const clean = oneLine ? text.replace(/\s+/g, ' ') : text;
  return trimText(clean).slice(0, max);
}

/**
 * The item for `request` from the verified `user`, answering `messageId` of `conversationId`; null when
 * the user has no verified phone number (the team could not reach them: such a visitor is asked to
 * verify first, and nothing is passed on).
 */
export function teamRequestItem(
  request: TeamRequest,
  user: AuthUser,
  conversationId: string,
  messageId: string,
): NewTeamRequestItem | null {
  const customerPhone = trimText(user.phoneNumber ?? '');
  if (!customerPhone) return null;
  const customerName = feedDisplayName(user.displayName);
  const summary = request.summary ? bounded(request.summary, MAX_TEAM_REQUEST_SUMMARY_LENGTH, true) : '';
  return {
    type: request.type,
    customerName,
    customerPhone,
    conversationId,
    messageId,
    request: bounded(request.request, MAX_TEAM_REQUEST_TEXT_LENGTH),
    summary: summary || null,
    message: `${customerName ?? customerPhone}${TEAM_REQUEST_MESSAGE_SUFFIX[request.type]}`.slice(
      0,
      MAX_FEED_MESSAGE_LENGTH,
    ),
  };
}
