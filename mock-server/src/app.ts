/**
 * Builds the mock server: Express (data, identity, chat and control APIs) and socket.io (live
 * messages) on one HTTP server, with every collaborator injected — store, clock, identity,
 * assistant, logger — so tests can build as many independent servers as they like. index.ts only
 * reads the environment and listens.
 *
 * Limits: one process, everything in memory (plus the optional data file); meant for development,
 * tests and demos on a trusted network, never for the internet (the control API has no auth).
 */
import { createServer } from 'node:http';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { Express } from 'express';
import { pino } from 'pino';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import {
  approvedFixtureOf,
  createBuiltInAssistant,
  createScenarioLibrary,
  inlineBusinessOf,
  turnAssistant,
} from '@chat/assistant';
import type { Assistant, ScenarioLibrary } from '@chat/assistant';
import { CHAT_PATH, HEALTH_PATH, ProviderError } from '@chat/core';
import type { ModelStatus } from '@chat/llm-assistant/probe';
import { createControllableClock } from './clock.js';
import type { ControllableClock } from './clock.js';
import { createFaults } from './faults.js';
import type { Faults } from './faults.js';
import { chatRoutes } from './http/chat-routes.js';
import {
  answerClientError,
  closeIdleConnectionsUntilClosed,
  createMemoryAnsweredTurns,
  requireJsonBody,
} from '@chat/server-http';
import { consoleRoutes } from './http/console-routes.js';
import { controlRoutes } from './http/control-routes.js';
import { dataRoutes } from './http/data-routes.js';
import { errorHandler, notFoundHandler } from './http/errors.js';
import { identityRoutes } from './http/identity-routes.js';
import { scenarioControlRoutes } from './http/scenario-control-routes.js';
import {
  createRateLimiters,
  DEFAULT_CORS_ORIGINS,
  originAllowed,
  requestLog,
  securityMiddleware,
} from './http/middleware.js';
import type { RateLimitOptions } from './http/middleware.js';
import { controlCallGuard, dataCallGuard, hostAllowlist, hostHeaderAllowed } from './http/request-guards.js';
import { createIdentity } from './identity/index.js';
import type { Identity } from './identity/index.js';
import { attachMessageStream } from './live/message-stream.js';
import type { ChatSocketServer } from './live/message-stream.js';
import { createReplyStreamer } from './live/reply-streamer.js';
import type { StreamingOptions } from './live/reply-streamer.js';
import type { MessageStream } from './live/message-stream.js';
import { createAssistantSwitch } from './scenarios/assistant-switch.js';
import type { AssistantSwitch } from './scenarios/assistant-switch.js';
import { DEFAULT_SCENARIOS_DIR } from './scenarios/scenarios-dir.js';
import { loadFixtures } from './store/fixtures.js';
import type { Fixtures } from './store/fixtures.js';
import { createMemoryStore } from './store/memory-store.js';
import { localOnlyGuard } from './http/local-only-guard.js';
import { createVisitorSessions } from './identity/visitor-sessions.js';
import { visitorSignOutRoute } from './http/visitor-sign-out-route.js';
import type { DocumentStore } from './store/memory-store.js';

/** Generous enough for test suites that hammer the server; tighten it for demos if you like. */
export const DEFAULT_RATE_LIMIT: RateLimitOptions = { windowMs: 60_000, identityMax: 600, chatMax: 600 };

export interface AppOptions {
  /** The businesses and test phone numbers; default: mock-server/fixtures/. */
  fixtures?: Fixtures;
  clock?: ControllableClock;
  /** A ready store; default: an in-memory store of the fixtures, durable in `dataFile` when given. */
  store?: DocumentStore;
  /** Path of the data file (ignored when `store` is given). */
  dataFile?: string | null;
  identity?: Identity;
  /** HS256 key of ID tokens when `identity` is not given (random per process when absent). */
  idTokenSecret?: Uint8Array;
  /** The assistant of every conversation that plays no scenario; default the built-in one. */
  assistant?: Assistant;
  /** The start-up check of the configured model, shown by /healthz; null or absent: the rules assistant. */
  modelStatus?: ModelStatus | null;
  /** The scenarios folder; default mock-server/scenarios/. */
  scenariosDir?: string;
  /** Whether scenario files are reloaded when they change; default true. */
  watchScenarios?: boolean;
  /** Default: silent. */
  logger?: Logger;
  /** Origins allowed by CORS and the socket; default: the web dev server's. */
  corsOrigins?: readonly string[];
  /**
   * Host names the Host header may carry besides localhost, 127.0.0.1 and [::1]: the configured
   * listen host and ALLOWED_HOSTS (a compose service name, a LAN name). Other hosts get 403.
   */
  allowedHosts?: readonly string[];
  /** Whether /control routes exist; default true. */
  controlApi?: boolean;
  /**
   * Who may call /control and open /console: 'loopback' (default) only this machine (and a device
   * that opened the console with `consoleKey`), 'anywhere' every caller — for a container whose
   * published port is already bound to the host's loopback (docker-compose.yml). See local-only-guard.ts.
   */
  controlFrom?: 'loopback' | 'anywhere';
  /** The key of the console link for another device (`demo start --lan`); null: none works. */
  consoleKey?: string | null;
  /** The assistant's name of the web app started beside this server (GET /control/web-app); null: its default. */
  webAssistantName?: string | null;
  /** How replies stream in; default whole replies (chunkChars 0). */
  streaming?: StreamingOptions;
  rateLimit?: RateLimitOptions;
  /** Largest request body in bytes; default 64 KiB. A larger declared Content-Length is refused at once (413). */
  bodyLimitBytes?: number;
  /** Largest socket.io message in bytes; default 16 KiB (subscribe payloads are tiny). */
  maxSocketMessageBytes?: number;
}

export interface ChatMockServer {
  app: Express;
  httpServer: HttpServer;
  io: ChatSocketServer;
  store: DocumentStore;
  clock: ControllableClock;
  identity: Identity;
  faults: Faults;
  logger: Logger;
  /** The scenario files and their validation state. */
  scenarios: ScenarioLibrary;
  /** The assistant the chat route talks to: the scenario engine or the built-in one, per conversation. */
  assistant: AssistantSwitch;
  /** Listens on `port` (0 picks a free one) and `host`; resolves with the bound address. */
  listen(port: number, host: string): Promise<{ port: number; host: string; url: string }>;
  /** Stops accepting, completes streaming replies, closes sockets, flushes and closes the data file. */
  close(): Promise<void>;
}

/** Builds the server. Throws FixtureError or DataFileError when its files cannot be used. */
export function createApp(options: AppOptions = {}): ChatMockServer {
  const logger = options.logger ?? pino({ level: 'silent' });
  const fixtures = options.fixtures ?? loadFixtures();
  const clock = options.clock ?? createControllableClock();
  const store =
    options.store ??
    createMemoryStore({ businesses: fixtures.businesses, clock, dataFile: options.dataFile ?? null, logger });
  const identity =
    options.identity ??
    createIdentity({
      clock,
      testNumbers: fixtures.testNumbers,
      ...(options.idTokenSecret ? { secret: options.idTokenSecret } : {}),
      log: (msg, fields) => logger.info(fields ?? {}, msg),
    });
  const scenarios = createScenarioLibrary({
    dir: options.scenariosDir ?? DEFAULT_SCENARIOS_DIR,
    logger,
    watch: options.watchScenarios ?? true,
    fixedBusinesses: fixtures.businesses,
  });
  const assistant = createAssistantSwitch({
    builtIn: options.assistant ?? turnAssistant(createBuiltInAssistant()),
    library: scenarios,
    businessDefaults: fixtures.businessScenarios ?? {},
    logger,
  });
  // A scenario that brings its own business puts it in the store, now, after a reload and after a
  // reset; one that plays a fixture approved (`business: { fixture: …, approved: true }`) puts that
  // fixture in approved. Limit: a fixture stays approved until a reset once no scenario approves it.
  const scenarioBusinesses = () =>
    scenarios.list().flatMap((listing) => {
      const scenario = scenarios.get(listing.id);
      if (!scenario) return [];
      const approved = approvedFixtureOf(scenario);
      const fixture = approved ? fixtures.businesses.find((b) => b.id === approved) : undefined;
      const business =
        inlineBusinessOf(scenario) ??
        (fixture ? { ...fixture, verification: { status: 'approved' as const } } : null);
      return business ? [business] : [];
    });
  const seedScenarioBusinesses = () => {
    for (const business of scenarioBusinesses()) {
      // The store writes nothing for an unchanged business, so a restart journals nothing new.
      try {
        store.putBusiness(business);
      } catch (error) {
        if (!(error instanceof ProviderError)) throw error;
        // A full disk at start or at a reload: stored once writes resume (onWritable below). Else a
        // handle another business took through the control API: the other businesses are still stored.
        logger.warn(
          { businessId: business.id, problem: error.message },
          error.code === 'unavailable'
            ? "a scenario's business is stored once the data file can be written again"
            : `a scenario's business cannot be stored: ${error.message}`,
        );
      }
    }
  };
  seedScenarioBusinesses();
  scenarios.onChange(seedScenarioBusinesses);
  store.onWritable(seedScenarioBusinesses);
  const corsOrigins = options.corsOrigins ?? DEFAULT_CORS_ORIGINS;
  const faults = createFaults();
  const streamer = createReplyStreamer(store, options.streaming ?? { chunkChars: 0, intervalMs: 0 }, logger);
  const limiters = createRateLimiters(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const hosts = hostAllowlist(options.allowedHosts);

  const app = express();
  app.disable('x-powered-by');
  // An API of small JSON answers nobody revalidates: hashing every body for an ETag is pure cost.
  app.disable('etag');
  app.use(requestLog(logger));
  app.use(
    securityMiddleware({
      corsOrigins,
      hostAllowlist: hosts,
      bodyLimitBytes: options.bodyLimitBytes ?? 64 * 1024,
    }),
  );
  // Before the body check, so that a cross-origin page's text/plain control call hears 403 (CSRF).
  const controlApi = options.controlApi ?? true;
  if (controlApi && (options.controlFrom ?? 'loopback') === 'loopback') {
    app.use(['/control', '/console'], localOnlyGuard(options.consoleKey ?? null));
  }
  if (controlApi) app.use('/control', controlCallGuard);
  app.use(requireJsonBody);
  // After the body check, which names a body's wrong content type; this one refuses the bodiless rest.
  app.use('/data', dataCallGuard);
  // Outside /control, so that compose and orchestrators can probe a server whose control API is off.
  // `storage` says whether writes are accepted (a full disk answers them 503) and what is retried.
  app.get(HEALTH_PATH, (_req, res) => {
    res.json({ ok: true, storage: store.health(), model: options.modelStatus ?? null });
  });
  app.use('/data', limiters.data);
  /** Which signed-in sessions spoke in each conversation: the console's "verified", and its sign-out. */
  const visitors = createVisitorSessions(identity);
  app.use(dataRoutes({ store, identity, faults, visitors }));
  app.use('/identity', limiters.identity);
  app.use(identityRoutes({ identity, faults }));
  app.use(CHAT_PATH, limiters.chat);
  // One answer per question (issue 27): the turns claimed per answered message, in memory like the
  // assistant's memory; a reset forgets them with the conversations.
  const answeredTurns = createMemoryAnsweredTurns();
  /** Aborted when the server closes: what still waits (a turn for its message) stops waiting. */
  const closing = new AbortController();
  // The live stream is attached below, once the socket server exists; a turn can only drop it later.
  let messageStream: MessageStream | null = null;
  app.use(
    chatRoutes({
      store,
      closing: closing.signal,
      identity,
      assistant,
      streamer,
      faults,
      clock,
      dropLiveStream: (conversationId) => messageStream?.failConversation(conversationId, 'unavailable'),
      turns: answeredTurns,
      logger,
      visitors,
    }),
  );

  const httpServer = createServer(app);
  httpServer.on('clientError', answerClientError);
  const io: ChatSocketServer = new Server(httpServer, {
    cors: { origin: [...corsOrigins] },
    maxHttpBufferSize: options.maxSocketMessageBytes ?? 16 * 1024,
    // The same Host check as HTTP: a DNS-rebinding page must not read live messages either.
    allowRequest: (req, callback) => {
      if (!hostHeaderAllowed(req.headers.host, hosts)) {
        callback('Host not allowed', false);
        return;
      }
      const allowed = originAllowed(req.headers.origin, corsOrigins);
      callback(allowed ? null : 'Origin not allowed', allowed);
    },
  });
  const liveMessages = attachMessageStream({ io, store, identity, faults, clock, logger });
  messageStream = liveMessages;

  let demoConsole: ReturnType<typeof consoleRoutes> | null = null;
  if (controlApi) {
    // The messages staffers sent from the console (scenario-control-routes.ts adds them).
    const staffMessages = new Set<string>();
    demoConsole = consoleRoutes(store, {
      library: scenarios,
      isStaffMessage: (id) => staffMessages.has(id),
      logger,
    });
    app.use(demoConsole.router);
    app.use(
      scenarioControlRoutes({
        store,
        library: scenarios,
        assistant,
        streamer,
        staffMessages,
        visitorVerified: (id) => visitors.verified(id),
      }),
    );
    app.use(visitorSignOutRoute(store, visitors));
    app.use(
      controlRoutes({
        store,
        identity,
        faults,
        clock,
        failSubscribers: (code) => liveMessages.failSubscribers(code),
        webAssistantName: options.webAssistantName ?? null,
        visitorVerified: (id) => visitors.verified(id),
        dropSockets() {
          // Closing the transport (not disconnecting the socket) is what a network cut looks like
          // to the client: it reconnects by itself, where a server-side disconnect would not.
          const sockets = [...io.sockets.sockets.values()];
          for (const socket of sockets) socket.conn.close();
          return sockets.length;
        },
        reset() {
          // The store first, in one snapshot with the scenarios' businesses: when the disk refuses it
          // (503), nothing else has been reset either. The rest only forgets memory and cannot fail.
          store.reset(scenarioBusinesses());
          streamer.cancelAll();
          assistant.reset();
          answeredTurns.clear();
          identity.reset();
          visitors.reset();
          faults.clear();
          limiters.reset();
        },
      }),
    );
  }
  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  let closed: Promise<void> | null = null;
  return {
    app,
    httpServer,
    io,
    store,
    clock,
    identity,
    faults,
    logger,
    scenarios,
    assistant,
    listen(port, host) {
      return new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, host, () => {
          httpServer.off('error', reject);
          const address = httpServer.address() as AddressInfo;
          const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          resolve({ port: address.port, host: address.address, url: `http://${shownHost}:${address.port}` });
        });
      });
    },
    close() {
      closed ??= (async () => {
        // A turn waiting for its message (saved-message.ts) is answered now, not after its wait.
        closing.abort();
        // Whole replies first, while subscribers are still connected to receive the last chunks.
        streamer.flush();
        liveMessages.close();
        scenarios.close();
        demoConsole?.close();
        // io.close disconnects every socket and closes the HTTP server (which stops accepting).
        await new Promise<void>((resolve) => {
          // A client that was long-polling when its page closed leaves a transport io.close would
          // wait up to engine.io's 30 s closeTimeout for; closing the engine first ends it at once.
          io.engine.close();
          io.close(() => resolve());
          closeIdleConnectionsUntilClosed(httpServer);
        });
        store.close();
      })();
      return closed;
    },
  };
}
