import type { NewFeedItem } from '../model/feed-item.js';
import type { AuthUser } from '../model/user.js';

/** §3: the customer's name, else the phone number, else 'A customer', followed by ' signed up.' */
export function signupFeedMessage(customerName: string | null, customerPhone: string | null): string {
  const who = customerName?.trim() || customerPhone?.trim() || 'A customer';
  return `${who} signed up.`;
}

/** The feed item written to a business on a visitor's first signup. */
export function signupFeedItem(user: AuthUser, conversationId: string): NewFeedItem {
  const customerName = user.displayName?.trim() || null;
  const customerPhone = user.phoneNumber?.trim() || null;
  return {
    type: 'NEW_SIGNUP',
    customerName,
    customerPhone,
    conversationId,
    message: signupFeedMessage(customerName, customerPhone),
  };
}
