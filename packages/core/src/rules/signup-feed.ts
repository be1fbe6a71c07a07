import type { NewFeedItem } from '../model/feed-item.js';
import type { AuthUser } from '../model/user.js';
import { feedDisplayName, trimText } from './visitor-text.js';

/** What follows the customer in a NEW_SIGNUP item's message (§3); firestore.rules builds the same. */
export const SIGNUP_MESSAGE_SUFFIX = ' signed up.';

/** §3: the customer's name, else the phone number, else 'A customer', followed by ' signed up.' */
export function signupFeedMessage(customerName: string | null, customerPhone: string | null): string {
  const who = trimText(customerName ?? '') || trimText(customerPhone ?? '') || 'A customer';
  return `${who}${SIGNUP_MESSAGE_SUFFIX}`;
}

/**
 * The feed item written to a business on a visitor's first signup. The name is the visitor's own
 * (anyone can set it), so only a name fit for the feed is used (feedDisplayName), else the phone number.
 */
export function signupFeedItem(user: AuthUser, conversationId: string): NewFeedItem {
  const customerName = feedDisplayName(user.displayName);
  const customerPhone = trimText(user.phoneNumber ?? '') || null;
  return {
    type: 'NEW_SIGNUP',
    customerName,
    customerPhone,
    conversationId,
    message: signupFeedMessage(customerName, customerPhone),
  };
}
