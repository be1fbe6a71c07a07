/**
 * The control API for tests and demo staff (core's CONTROL_ROUTES), JSON over HTTP. Mounted only
 * when the control API is on (CONTROL_API=off leaves every /control path a 404). It can reset the
 * store to the fixtures, replace businesses, list conversations, read one-time codes, inject
 * faults and move the clock; nothing here checks a token, so it must never face the internet.
 */
import { Router } from 'express';
import { z } from 'zod';
import {
  ClockNowSpecSchema,
  ClockOffsetSpecSchema,
  CONTROL_ROUTES,
  DocumentIdSchema,
  ProviderError,
  readBusiness,
} from '@chat/core';
import type { ErrorCode } from '@chat/core';
import type { ControllableClock } from '../clock.js';
import type { Faults } from '../faults.js';
import type { Identity } from '../identity/index.js';
import type { DocumentStore } from '../store/memory-store.js';
import { consoleSummary, liveConversationIds, noticeExpiredByClock } from './console-summary.js';
import { parseOrThrow } from './errors.js';
import { EmptyBody } from '../bodies/strict-bodies.js';

export interface ControlRoutesOptions {
  store: DocumentStore;
  identity: Identity;
  faults: Faults;
  clock: ControllableClock;
  /** Back to the fixtures: store, codes, faults, streams, rate limits. */
  reset(): void;
  /** Fails every live subscription now (an injected 'listen' fault). */
  failSubscribers(code: ErrorCode): void;
  /** Cuts every socket's connection as a network failure would; returns how many were cut. */
  dropSockets(): number;
  /**
   * The assistant's name the web app started beside this server shows (`npm start` passes its
   * VITE_ASSISTANT_NAME as WEB_ASSISTANT_NAME); null when it was given none (the web app's default).
   * `demo start` reads it to tell the truth about a running page (issue 28, item 5).
   */
  webAssistantName?: string | null;
  /** Whether a visitor still signed in spoke in a conversation (the console's "verified"). */
  visitorVerified?: (conversationId: string) => boolean;
}

const OtpQuerySchema = z.object({ phone: z.string().min(1).max(32) });

/** How many conversations one page of GET /control/conversations holds by default, and at most. */
export const CONVERSATION_PAGE = { default: 50, max: 500 } as const;

/**
 * `limit` (1–500, default 50) and `cursor` (the previous page's nextCursor: `<createdAt>.<id>` of
 * its last conversation). Pages keep the newest-first order; ties on createdAt go by id.
 */
const ConversationPageQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(CONVERSATION_PAGE.max).default(CONVERSATION_PAGE.default),
    cursor: z
      .string()
      .regex(/^\d{1,16}\.[A-Za-z0-9_-]{1,128}$/, 'expected the nextCursor of the previous page')
      .transform((value) => {
        const dot = value.indexOf('.');
        return { createdAt: Number(value.slice(0, dot)), id: value.slice(dot + 1) };
      })
      .optional(),
  })
  .strict();

const compareIds = (a: { conversation: { id: string } }, b: { conversation: { id: string } }) =>
  a.conversation.id < b.conversation.id ? -1 : a.conversation.id > b.conversation.id ? 1 : 0;

/** Whether `conversation` comes after the cursor's in newest-first (createdAt, then id) order. */
function isAfterCursor(
  conversation: { createdAt: number; id: string },
  cursor: { createdAt: number; id: string },
) {
  return (
    conversation.createdAt < cursor.createdAt ||
    (conversation.createdAt === cursor.createdAt && conversation.id < cursor.id)
  );
}

export function controlRoutes(options: ControlRoutesOptions): Router {
  const { store, identity, faults, clock } = options;
  const router = Router();
  const clockState = () => ({
    now: new Date(clock.now()).toISOString(),
    nowMs: clock.now(),
    offsetMs: clock.offsetMs(),
  });

  router.get(CONTROL_ROUTES.health, (_req, res) => {
    res.json({ ok: true });
  });

  router.get('/control/web-app', (_req, res) => {
    res.json({ assistantName: options.webAssistantName ?? null });
  });

  router.post(CONTROL_ROUTES.reset, (req, res) => {
    parseOrThrow(EmptyBody, req.body ?? {});
    options.reset();
    res.json({ ok: true });
  });

  router.post(CONTROL_ROUTES.dropSockets, (req, res) => {
    parseOrThrow(EmptyBody, req.body ?? {});
    res.json({ dropped: options.dropSockets() });
  });

  router.put('/control/businesses/:id', (req, res) => {
    const id = parseOrThrow(DocumentIdSchema, req.params.id, 'id');
    const body: unknown = req.body;
    const withId = typeof body === 'object' && body !== null && !Array.isArray(body) ? { id, ...body } : body;
    if (typeof withId !== 'object' || withId === null || Array.isArray(withId)) {
      throw new ProviderError('invalid-argument', 'body: must be a business object');
    }
    const document = withId as Record<string, unknown>;
    if (document.id !== id) throw new ProviderError('invalid-argument', `id: must match the path (${id})`);
    // Liberal like the page's read side, so data can be planted the way another tool would write it.
    const read = readBusiness(document);
    if (!read.ok) throw new ProviderError('invalid-argument', read.problem);
    const { created } = store.putBusiness({ ...document, id });
    res.status(created ? 201 : 200).json(document);
  });

  router.get('/control/businesses/:id/feed', (req, res) => {
    const id = parseOrThrow(DocumentIdSchema, req.params.id, 'id');
    if (!store.getBusiness(id)) throw new ProviderError('not-found', `Business ${id} not found`);
    res.json({ items: store.feed(id) });
  });

  router.get(CONTROL_ROUTES.conversations, (req, res) => {
    const { limit, cursor } = parseOrThrow(ConversationPageQuerySchema, req.query, 'query');
    const all = store
      .listConversations()
      .sort((a, b) => b.conversation.createdAt - a.conversation.createdAt || compareIds(b, a));
    const start = cursor ? all.findIndex((summary) => isAfterCursor(summary.conversation, cursor)) : 0;
    const page = start === -1 ? [] : all.slice(start, start + limit);
    const last = page.at(-1)?.conversation;
    const more = start !== -1 && start + limit < all.length;
    res.json({
      conversations: page.map(({ conversation, messageCount, latestMessage }) => ({
        ...conversation,
        messageCount,
        latestMessage,
        ...consoleSummary(store, conversation, clock.now(), options.visitorVerified ?? (() => false)),
      })),
      nextCursor: more && last ? `${last.createdAt}.${last.id}` : null,
    });
  });

  router.get(CONTROL_ROUTES.otp, (req, res) => {
    const { phone } = parseOrThrow(OtpQuerySchema, req.query, 'query');
    const code = identity.lastCodeFor(phone);
    if (code === null) throw new ProviderError('not-found', `No code was sent to ${phone}`);
    res.json({ code });
  });

  router.get(CONTROL_ROUTES.faults, (_req, res) => {
    res.json({ faults: faults.list() });
  });

  router.post(CONTROL_ROUTES.faults, (req, res) => {
    const fault = faults.add(req.body);
    if (fault.operation === 'listen' && fault.error.kind === 'code')
      options.failSubscribers(fault.error.code);
    res.status(201).json({ fault, faults: faults.list() });
  });

  router.delete(CONTROL_ROUTES.faults, (_req, res) => {
    faults.clear();
    res.status(204).end();
  });

  router.get(CONTROL_ROUTES.clock, (_req, res) => {
    res.json(clockState());
  });

  router.post(CONTROL_ROUTES.clock, (req, res) => {
    const body: unknown = req.body;
    const has = (key: string) => typeof body === 'object' && body !== null && key in body;
    // The body's one key picks the form, so that an error names its field (or the unknown key).
    if (has('offsetMs') === has('now')) {
      const keys = typeof body === 'object' && body !== null ? Object.keys(body) : [];
      const unknown = keys.filter((key) => key !== 'offsetMs' && key !== 'now').map((key) => `"${key}"`);
      throw new ProviderError(
        'invalid-argument',
        `body: expected {"offsetMs": <integer>} or {"now": "<ISO date-time with offset>"}` +
          (unknown.length > 0
            ? `; unknown ${unknown.length === 1 ? 'key' : 'keys'} ${unknown.join(', ')}`
            : ''),
      );
    }
    const wereLive = liveConversationIds(store, clock.now());
    // The clock checks the reading it is moved to (clock.ts, CLOCK_RANGE) and moves only when it fits.
    if (has('offsetMs')) clock.setOffset(parseOrThrow(ClockOffsetSpecSchema, body).offsetMs);
    else clock.setNow(Date.parse(parseOrThrow(ClockNowSpecSchema, body).now));
    const expiredConversations = noticeExpiredByClock(store, wereLive, clock.now());
    res.json({ ...clockState(), expiredConversations });
  });

  router.delete(CONTROL_ROUTES.clock, (_req, res) => {
    clock.restore();
    res.json(clockState());
  });

  return router;
}
