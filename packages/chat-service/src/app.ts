/**
 * The production chat service as an Express app, every collaborator injected: Firestore and Auth from
 * firebase-admin (the emulators in tests and `start:firebase`, the real project on Cloud Run), the
 * assistant, the clock. main.ts reads the environment and listens.
 *
 * In front of the route: security headers, CORS only for the origins configured (the page normally
 * reaches the service through Firebase Hosting's rewrite, on its own origin), a per-client rate limit,
 * the body size limit (413) and the JSON-only check (415); every failure is the JSON error contract
 * both chat servers share (@chat/server-http).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Assistant, TurnStreaming } from '@chat/assistant';
import type { ModelStatus } from '@chat/llm-assistant/probe';
import { CHAT_PATH, DEFAULT_RETENTION_AFTER_EXPIRY_MS, HEALTH_PATH, SAVED_MESSAGE_WAIT_MS } from '@chat/core';
import {
  answerClientError,
  createDrain,
  createWindowLimiter,
  errorHandler,
  notFoundHandler,
  rateLimited,
  refuseDeclaredOversize,
  requireJsonBody,
} from '@chat/server-http';
import type { Drain } from '@chat/server-http';
import cors from 'cors';
import express from 'express';
import type { Express } from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import helmet from 'helmet';
import { pino } from 'pino';
import type { Logger } from 'pino';
import { APP_CHECK_HEADER, appCheckGuard } from './app-check.js';
import type { AppCheckMode, AppCheckVerifier } from './app-check.js';
import { DEFAULT_CALL_LIMITS } from './call-limit-settings.js';
import type { CallLimitSettings } from './call-limit-settings.js';
import { DEFAULT_STREAMING_LEASE_MS } from './abandoned-replies.js';
import { chatRoute } from './chat-route.js';
import { createFirestoreCallLimits } from './firestore-call-limits.js';
import { createChatStore } from './firestore-chat-store.js';
import { requestLog } from './request-log.js';

/**
 * The per-instance flood guard in front of everything (kept in this process's memory): the fair
 * limits shared by all instances are CallLimitSettings, kept in Firestore.
 */
export interface RateLimits {
  windowMs: number;
  /** Chat requests per window and client address, per instance. */
  perClient: number;
  /** Keys the limiter holds at most (its memory bound). */
  maxKeys: number;
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  windowMs: 60_000,
  perClient: 120,
  maxKeys: 10_000,
};
/** A reply given whole is revealed at this pace (a model streams at about this rate). */
export const DEFAULT_PACE: TurnStreaming = { chunkChars: 24, intervalMs: 40 };
/** At most one Firestore write per reply per this many milliseconds while it streams. */
export const DEFAULT_MIN_WRITE_INTERVAL_MS = 250;
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;

export interface ChatServiceOptions {
  firestore: Firestore;
  auth: Pick<Auth, 'verifyIdToken'>;
  assistant: Assistant;
  /** The start-up check of the configured model, shown by /healthz; null or absent: the rules assistant. */
  modelStatus?: ModelStatus | null;
  /** The service's clock (expiry, the assistant's "now"); default Date.now. */
  clock?: { now(): number };
  logger?: Logger;
  rateLimits?: RateLimits;
  pace?: TurnStreaming;
  minWriteIntervalMs?: number;
  savedMessageWaitMs?: number;
  /** How long what this service writes is kept after its conversation expires; default core's 30 days. */
  retentionMs?: number;
  bodyLimitBytes?: number;
  /** Origins allowed to call from a browser (CORS); default none (same origin through Hosting). */
  corsOrigins?: readonly string[];
  /**
   * Proxies in front whose X-Forwarded-For entry is believed for the client's address: 2 behind
   * Firebase Hosting (its edge, then Cloud Run's front end); 1 for Cloud Run reached directly.
   */
  trustProxyHops?: number;
  /** Fair limits per visitor and conversation (in Firestore); DEFAULT_CALL_LIMITS when absent. */
  callLimits?: Pick<
    CallLimitSettings,
    'visitorCalls' | 'visitorWindowMs' | 'conversationCalls' | 'conversationWindowMs'
  >;
  /** App Check on /api/chat (app-check.ts); off when absent. */
  appCheck?: { mode: AppCheckMode; verifier: AppCheckVerifier | null };
  /** The shutdown's turn registry (main.ts drains it on SIGTERM); default a new one. */
  drain?: Drain;
  /** How long a streaming reply's writer is believed alive after a write (abandoned-replies.ts). */
  streamingLeaseMs?: number;
}

export interface ChatServiceApp {
  app: Express;
  /** Its turns in flight: `drain.drain()` stops taking turns and ends them (main.ts, on SIGTERM). */
  drain: Drain;
  listen(port: number, host: string): Promise<{ url: string; server: Server }>;
}

export function createChatServiceApp(options: ChatServiceOptions): ChatServiceApp {
  const logger = options.logger ?? pino({ level: 'silent' });
  const limits = options.rateLimits ?? DEFAULT_RATE_LIMITS;
  const perClient = createWindowLimiter({
    windowMs: limits.windowMs,
    max: limits.perClient,
    maxKeys: limits.maxKeys,
  });
  const callLimits = options.callLimits ?? DEFAULT_CALL_LIMITS;
  const bodyLimitBytes = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const corsOrigins = options.corsOrigins ?? [];
  const drain = options.drain ?? createDrain();
  const leaseMs = options.streamingLeaseMs ?? DEFAULT_STREAMING_LEASE_MS;

  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.set('trust proxy', options.trustProxyHops ?? 0);
  app.use(requestLog(logger));
  app.use(helmet());
  app.use(
    cors({
      origin: (origin, callback) => callback(null, origin !== undefined && corsOrigins.includes(origin)),
      methods: ['POST'],
      allowedHeaders: ['Content-Type', 'Authorization', APP_CHECK_HEADER],
      // A limited visitor's page reads how long to wait.
      exposedHeaders: ['Retry-After'],
      maxAge: 600,
    }),
  );
  app.get(HEALTH_PATH, (_req, res) => {
    res.json({ ok: true, model: options.modelStatus ?? null });
  });
  app.use(CHAT_PATH, drain.refuseWhileDraining);
  app.use(CHAT_PATH, rateLimited(perClient));
  app.use(CHAT_PATH, appCheckGuard(options.appCheck?.mode ?? 'off', options.appCheck?.verifier ?? null));
  app.use(refuseDeclaredOversize(bodyLimitBytes), express.json({ limit: bodyLimitBytes }), requireJsonBody);
  app.use(
    chatRoute({
      store: createChatStore(options.firestore, logger, {
        retentionMs: options.retentionMs ?? DEFAULT_RETENTION_AFTER_EXPIRY_MS,
        now: () => (options.clock ?? Date).now(),
        leaseMs,
      }),
      auth: options.auth,
      assistant: options.assistant,
      now: () => (options.clock ?? Date).now(),
      pace: options.pace ?? DEFAULT_PACE,
      minWriteIntervalMs: options.minWriteIntervalMs ?? DEFAULT_MIN_WRITE_INTERVAL_MS,
      savedMessageWaitMs: options.savedMessageWaitMs ?? SAVED_MESSAGE_WAIT_MS,
      limits: createFirestoreCallLimits(options.firestore, () => (options.clock ?? Date).now()),
      visitorWindow: { max: callLimits.visitorCalls, windowMs: callLimits.visitorWindowMs },
      conversationWindow: { max: callLimits.conversationCalls, windowMs: callLimits.conversationWindowMs },
      drain,
      leaseMs,
      logger,
    }),
  );
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  return {
    app,
    drain,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        const server = app.listen(port, host, (error?: Error) => {
          if (error) {
            reject(error);
            return;
          }
          const address = server.address() as AddressInfo;
          resolve({ url: `http://${host}:${address.port}`, server });
        });
        server.on('clientError', answerClientError);
      });
    },
  };
}
