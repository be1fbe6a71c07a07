/**
 * Starts the mock server from the environment (see README.md for every variable): reads and
 * validates the settings, builds the app, listens (read-only, with a warning, when the data file's
 * disk is full: see store/open-state.ts), and shuts down cleanly on SIGTERM/SIGINT —
 * stop accepting, finish streamed replies, close sockets, flush the data file, exit 0.
 * The line `mock server listening` (JSON, with `port`) tells scripts which port was bound.
 */
import { pino } from 'pino';
import { languageModelAssistant } from './language-model-assistant.js';
import { createApp } from './app.js';
import type { ChatMockServer } from './app.js';
import { assistantConfig, ConfigError, readConfig } from './config.js';
import type { Config } from './config.js';
import { DataFileError } from './store/data-file-errors.js';
import { FixtureError } from './store/fixtures.js';

/** How long a shutdown may take before the process gives up waiting and exits with an error. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

let config: Config;
try {
  config = readConfig(process.env);
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}

// Synchronous writes: log lines come out in order and none is lost when the process exits.
const logger = pino(
  { level: config.LOG_LEVEL, base: { service: 'mock-server' } },
  pino.destination({ sync: true }),
);

// The language-model assistant only when configured: without configuration nothing of it loads.
const assistant = await languageModelAssistant(assistantConfig(process.env), logger);

let server: ChatMockServer;
try {
  server = createApp({
    logger,
    ...(assistant ? { assistant } : {}),
    dataFile: config.DATA_FILE,
    corsOrigins: config.CORS_ORIGINS,
    allowedHosts: [config.HOST, ...config.ALLOWED_HOSTS],
    controlApi: config.CONTROL_API === 'on',
    controlFrom: config.CONTROL_FROM,
    consoleKey: config.CONSOLE_KEY ?? null,
    webAssistantName: config.WEB_ASSISTANT_NAME,
    ...(config.SCENARIOS_DIR ? { scenariosDir: config.SCENARIOS_DIR } : {}),
    streaming: { chunkChars: config.STREAM_CHUNK_CHARS, intervalMs: config.STREAM_INTERVAL_MS },
    rateLimit: {
      windowMs: 60_000,
      identityMax: config.RATE_LIMIT_PER_MINUTE,
      chatMax: config.RATE_LIMIT_PER_MINUTE,
      dataMax: config.DATA_RATE_LIMIT_PER_MINUTE,
    },
    ...(config.ID_TOKEN_SECRET ? { idTokenSecret: new TextEncoder().encode(config.ID_TOKEN_SECRET) } : {}),
  });
} catch (error) {
  // A bad fixture or data file is the operator's to fix: its message says what and where, and a
  // stack trace would only bury it. Anything else is a bug and keeps its stack.
  if (error instanceof FixtureError || error instanceof DataFileError) logger.fatal(error.message);
  else logger.fatal({ err: error }, (error as Error).message);
  process.exit(1);
}

const storage = server.store.health();
if (!storage.writable) {
  logger.warn(
    { problem: storage.problem },
    `starting READ-ONLY: the data file cannot be written (${storage.problem}). Reads work; writes answer 503 ` +
      'until the disk has space again, and the server retries by itself (GET /healthz shows it)',
  );
}

try {
  const { port, host, url } = await server.listen(config.PORT, config.HOST);
  logger.info(
    {
      port,
      host,
      url,
      dataFile: config.DATA_FILE,
      scenariosDir: server.scenarios.dir,
      controlApi: config.CONTROL_API,
      allowedHosts: config.ALLOWED_HOSTS,
      storage: storage.writable ? 'writable' : 'read-only',
    },
    'mock server listening',
  );
} catch (error) {
  logger.fatal({ err: error }, `cannot listen on ${config.HOST}:${config.PORT}: ${(error as Error).message}`);
  process.exit(1);
}

let shuttingDown = false;
function shutDown(signal: NodeJS.Signals): void {
  if (shuttingDown) return;
  shuttingDown = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS).unref();
  server.close().then(
    () => {
      logger.info('stopped');
      process.exit(0);
    },
    (error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}
process.on('SIGTERM', shutDown);
process.on('SIGINT', shutDown);
