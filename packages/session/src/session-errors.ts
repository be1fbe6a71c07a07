/**
 * The failures a chat session reports, as codes: the keys of the §8 catalogue (core's ERROR_TEXT) whose
 * text the page shows in the visitor's language. Logic compares codes, never the translated texts.
 */
import type { Catalogue } from '@chat/core';

export type SessionError = Extract<
  keyof Catalogue['errors'],
  | 'failedToSendMessage'
  | 'failedToGetAiResponse'
  | 'tooManyMessages'
  | 'failedToCompleteSignIn'
  | 'failedToProcessSelection'
  | 'failedToCreateConversation'
  | 'failedToListen'
  | 'failedToProcessMessages'
>;
