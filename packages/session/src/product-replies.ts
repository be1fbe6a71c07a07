/**
 * The smart replies the session itself offers (§4, §8), in the visitor's language, each carrying what
 * it does as data (`action`): the page runs 'try-again' or 'refresh-page' by that field, and the
 * session takes a reply offered for the pending sign-in as its decline by being offered for it —
 * neither ever reads the words back (issue 28).
 */
import { EN, interruptSmartReplies, type Catalogue, type OfferedSmartReply } from '@chat/core';

export type ReplyTexts = Catalogue['replies'];

export interface ProductReplies {
  /** Offered while a phone sign-in is pending; choosing one declines it (§4). */
  interrupt: OfferedSmartReply[];
  /** After 'Failed to get AI response' (§8): the last visitor message goes once more. */
  retry: OfferedSmartReply[];
  /** While the subscription to messages has failed (§8). */
  listenFailure: OfferedSmartReply[];
  /** After a decline whose answer offered none (§4). */
  declineFallback: OfferedSmartReply[];
}

export function productReplies(texts: ReplyTexts): ProductReplies {
  return {
    interrupt: interruptSmartReplies(texts).map((reply) => ({ ...reply, action: 'decline' })),
    retry: [{ type: 'system', text: texts.tryAgain, action: 'try-again' }],
    listenFailure: [
      { type: 'system', text: texts.refreshPage, action: 'refresh-page' },
      { type: 'system', text: texts.contactSupport, action: 'contact-support' },
    ],
    declineFallback: [{ type: 'chat', text: texts.declineFallback }],
  };
}

/** The English ones: the specification's texts, the session's default. */
export const ENGLISH_REPLIES: ProductReplies = productReplies(EN.replies);
