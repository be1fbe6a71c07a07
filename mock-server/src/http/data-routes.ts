/**
 * The data API (§7 database reads and writes) over HTTP; paths from core's DATA_ROUTES. Every body
 * is validated with the core schemas (400 naming the field), unknown ids are 404, and the ownership
 * rule of auth.ts applies (403). A rejected request changes nothing. Clients write only user and
 * system messages; conversations cannot be listed here (the control API can). A feed item needs a
 * signed-in visitor (401 without a token), as in firestore.rules: the app posts it right after the
 * phone sign-in (§4), so nobody anonymous can fill a business's feed. As in firestore.rules too, a
 * conversation is made only for an approved business (403 otherwise), and a message only as its role
 * allows (core's NewMessageCheck: a visitor's not blank and without a type, a system one one of the
 * page's notices).
 */
import { Router } from 'express';
import type { Request } from 'express';
import { assertChatEnabled, DocumentIdSchema, HandleSchema, ProviderError, lastMessageOf } from '@chat/core';
import type { Conversation } from '@chat/core';
import type { Faults } from '../faults.js';
import type { Identity } from '../identity/index.js';
import type { DocumentStore } from '../store/memory-store.js';
import { assertConversationAccess, bearerToken, requestUser, requireSignedInUser } from './auth.js';
import type { VisitorSessions } from '../identity/visitor-sessions.js';
import { throwFault } from '../faults.js';
import { parseOrThrow } from './errors.js';
import {
  EmptyBody,
  LastMessageUpdateBody,
  NewConversationBody,
  NewFeedItemBody,
  NewMessageBody,
} from '../bodies/strict-bodies.js';

export interface DataRoutesOptions {
  store: DocumentStore;
  identity: Identity;
  faults: Faults;
  /** Told which signed-in session wrote in a conversation (the console's "verified"). */
  visitors?: VisitorSessions;
}

export function dataRoutes({ store, identity, faults, visitors }: DataRoutesOptions): Router {
  const router = Router();

  /** Records a signed-in caller's session in the conversation (after its call was accepted). */
  async function sawCaller(req: Request, conversationId: string): Promise<void> {
    const token = bearerToken(req);
    if (token !== null && visitors) await visitors.saw(conversationId, token);
  }

  /** The conversation named by the path, after the ownership check. */
  async function accessibleConversation(req: Request): Promise<Conversation> {
    const id = parseOrThrow(DocumentIdSchema, req.params.id, 'id');
    const user = await requestUser(identity, req);
    const conversation = store.getConversation(id);
    if (!conversation) throw new ProviderError('not-found', `Conversation ${id} not found`);
    assertConversationAccess(conversation, user);
    return conversation;
  }

  router.get('/data/businesses/by-handle/:handle', (req, res) => {
    const handle = parseOrThrow(HandleSchema, req.params.handle, 'handle');
    const business = store.findBusinessByHandle(handle);
    if (!business) throw new ProviderError('not-found', `No business with handle ${handle}`);
    // The document as it was written: reading it is the client's job, as with a real database.
    res.json(store.getBusinessDocument(business.id));
  });

  router.get('/data/businesses/:id', (req, res) => {
    const id = parseOrThrow(DocumentIdSchema, req.params.id, 'id');
    const fault = faults.take('data.getBusiness');
    if (fault) throwFault(fault, 'data.getBusiness');
    const document = store.getBusinessDocument(id);
    if (!document) throw new ProviderError('not-found', `Business ${id} not found`);
    res.json(document);
  });

  router.post('/data/businesses/:id/feed', async (req, res) => {
    const businessId = parseOrThrow(DocumentIdSchema, req.params.id, 'id');
    const user = await requireSignedInUser(identity, req, 'Adding a feed item');
    if (!store.getBusiness(businessId))
      throw new ProviderError('not-found', `Business ${businessId} not found`);
    const item = parseOrThrow(NewFeedItemBody, req.body);
    const conversation = store.getConversation(item.conversationId);
    if (!conversation || conversation.businessId !== businessId) {
      throw new ProviderError(
        'invalid-argument',
        `conversationId: no conversation ${item.conversationId} in ${businessId}`,
      );
    }
    assertConversationAccess(conversation, user);
    res.status(201).json(store.addFeedItem(businessId, item));
  });

  router.post('/data/conversations', async (req, res) => {
    const user = await requestUser(identity, req);
    const input = parseOrThrow(NewConversationBody, req.body);
    if ((input.userId === null) !== (input.userType === 'anonymous')) {
      throw new ProviderError(
        'invalid-argument',
        "userType: must be 'anonymous' exactly when userId is null",
      );
    }
    if (input.userId !== null && input.userId !== user?.uid) {
      throw new ProviderError('permission-denied', 'userId: must be the uid of the bearer token');
    }
    const business = store.getBusiness(input.businessId);
    if (!business) throw new ProviderError('not-found', `Business ${input.businessId} not found`);
    // As firestore.rules (isNewConversation): a conversation only with a business that can be chatted with.
    assertChatEnabled(business);
    const fault = faults.take('data.createConversation');
    if (fault) throwFault(fault, 'data.createConversation');
    const conversation = store.createConversation(input);
    await sawCaller(req, conversation.id);
    res.status(201).json(conversation);
  });

  router.get('/data/conversations/:id', async (req, res) => {
    const conversation = await accessibleConversation(req);
    const fault = faults.take('data.getConversation');
    if (fault) throwFault(fault, 'data.getConversation');
    res.json(conversation);
  });

  router.post('/data/conversations/:id/messages', async (req, res) => {
    const conversation = await accessibleConversation(req);
    const input = parseOrThrow(NewMessageBody, req.body);
    const fault = faults.take('data.addMessage');
    if (fault) throwFault(fault, 'data.addMessage');
    // The message and, for a visitor's, the conversation's lastMessage in one synchronous step (so one
    // request); the same id again changes nothing and answers the stored copy.
    const seqBefore = store.lastSeq();
    const { seq, message } = store.addMessage(conversation.id, input);
    const created = seq > seqBefore;
    if (created && message.role === 'user') {
      store.updateLastMessage(conversation.id, lastMessageOf(message));
    }
    await sawCaller(req, conversation.id);
    res.status(created ? 201 : 200).json(message);
  });

  router.patch('/data/conversations/:id/last-message', async (req, res) => {
    const conversation = await accessibleConversation(req);
    const { lastMessage } = parseOrThrow(LastMessageUpdateBody, req.body);
    store.updateLastMessage(conversation.id, lastMessage);
    res.status(204).end();
  });

  router.post('/data/conversations/:id/signup-feed-posted', async (req, res) => {
    const conversation = await accessibleConversation(req);
    parseOrThrow(EmptyBody, req.body ?? {});
    store.markSignupFeedPosted(conversation.id);
    res.status(204).end();
  });

  return router;
}
