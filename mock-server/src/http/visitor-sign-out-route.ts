/**
 * POST /control/conversations/:id/sign-out: the demo console's "Sign the visitor out" (issue 28,
 * item 4). A visitor who verified their phone stays signed in through 'New chat', clock moves and
 * reloads, so the verification could not be shown twice to the same client. This signs out every
 * session that spoke in the conversation (identity/visitor-sessions.ts): the page's next call finds
 * its tokens refused, its session ends (it goes on as an anonymous visitor), and the next question
 * that needs a verified phone gets the verification box again.
 */
import { Router } from 'express';
import { DocumentIdSchema, ProviderError } from '@chat/core';
import type { VisitorSessions } from '../identity/visitor-sessions.js';
import type { DocumentStore } from '../store/memory-store.js';
import { EmptyBody } from '../bodies/strict-bodies.js';
import { parseOrThrow } from './errors.js';

/** What works to show the verification again: said wherever the console refuses to ask a verified visitor. */
export const SIGN_OUT_ADVICE =
  'To show the verification again, press "Sign the visitor out": the page then asks for the phone again at the next question that needs it.';

export function visitorSignOutRoute(store: DocumentStore, visitors: VisitorSessions): Router {
  const router = Router();
  router.post('/control/conversations/:id/sign-out', (req, res) => {
    const id = parseOrThrow(DocumentIdSchema, req.params.id, 'id');
    parseOrThrow(EmptyBody, req.body ?? {});
    if (!store.getConversation(id)) throw new ProviderError('not-found', `Conversation ${id} not found`);
    const signedOut = visitors.signOut(id);
    if (signedOut === 0) {
      throw new ProviderError(
        'failed-precondition',
        'This visitor is not signed in: there is nothing to sign out. The page asks for the phone at the next question that needs it.',
      );
    }
    res.json({ signedOut });
  });
  return router;
}
