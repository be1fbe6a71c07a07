/** §3 Business feed item: its field rules and limits, in one place (imports nothing). */

/** The one kind of §3 business feed item the page writes. */
export const FEED_ITEM_TYPE = 'NEW_SIGNUP';

/** The longest feed item message ("<name> signed up."). */
export const MAX_FEED_MESSAGE_LENGTH = 300;
