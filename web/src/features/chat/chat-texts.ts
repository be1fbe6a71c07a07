/**
 * Texts of the chat page that the specification does not quote (it quotes the rest, which live in
 * core's ui-text.ts). Kept here so tests and journeys read them from one place.
 */
export const CHAT_TEXT = {
  /** The composer's hint while a phone sign-in in the chat waits for the visitor. */
  interruptPendingPlaceholder: 'Verify your phone number above to continue',
  /** The smart reply offered after a failed answer; it is the §4 special text 'try again'. */
  tryAgain: 'Try again',
} as const;
