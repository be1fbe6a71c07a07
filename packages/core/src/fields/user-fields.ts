/** The limits of a signed-in visitor's fields (§7), wherever they are stored or sent. */

/** A uid (the identity provider's, and a conversation's userId). */
export const MAX_UID_LENGTH = 128;

/** A phone number in E.164 or as typed, wherever it is sent or stored. */
export const MAX_PHONE_NUMBER_LENGTH = 32;

/** A display name (the identity provider's, and a feed item's customerName). */
export const MAX_DISPLAY_NAME_LENGTH = 200;
