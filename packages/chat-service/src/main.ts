/**
 * Starts the chat service: reads the environment (config.ts), connects the Admin SDK — to the
 * emulators when FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST are set, else to the project
 * with application default credentials — and listens on PORT. Stops on SIGTERM (Cloud Run) or SIGINT,
 * ending the replies in flight first (stop-on-signals.ts).
 */
import { createBuiltInAssistant, turnAssistant } from '@chat/assistant';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, GrpcStatus } from 'firebase-admin/firestore';
import { createDrain } from '@chat/server-http';
import { createChatServiceApp } from './app.js';
import { cloudLogger } from './cloud-logger.js';
import { ConfigError, readConfig } from './config.js';
import { describeModelStatus } from '@chat/llm-assistant/probe';
import { languageModelAssistant, modelStatusAtStartup } from './language-model-assistant.js';
import { assistantWithScenarios, ScenarioConfigError } from './scenario-bindings.js';
import { stopOnSignals } from './stop-on-signals.js';

async function main() {
  const config = readConfig(process.env);
  const logger = cloudLogger(config.LOG_LEVEL);
  const projectId = config.GOOGLE_CLOUD_PROJECT || config.GCLOUD_PROJECT;
  const firebase = initializeApp(projectId ? { projectId } : undefined);
  const callLimits = {
    visitorCalls: config.LIMIT_VISITOR_CALLS,
    visitorWindowMs: config.LIMIT_VISITOR_WINDOW_MS,
    conversationCalls: config.LIMIT_CONVERSATION_CALLS,
    conversationWindowMs: config.LIMIT_CONVERSATION_WINDOW_MS,
    businessModelCallsPerDay: config.BUSINESS_MODEL_CALLS_PER_DAY,
    businessOutputTokensPerDay: config.BUSINESS_OUTPUT_TOKENS_PER_DAY,
    budgetShards: config.BUDGET_SHARDS,
  };
  // What an operator checks first in the logs: how this instance is set up (no secret among it).
  logger.info(
    {
      startup: {
        assistant: config.ASSISTANT.provider,
        ...(config.ASSISTANT.provider === 'rules' ? {} : { model: config.ASSISTANT.model }),
        scenarios: config.CHAT_SCENARIOS,
        appCheck: config.APP_CHECK,
        limits: callLimits,
        perInstanceFloodGuard: {
          perClient: config.RATE_LIMIT_PER_CLIENT,
          windowMs: config.RATE_LIMIT_WINDOW_MS,
        },
        trustProxyHops: config.TRUST_PROXY_HOPS,
        corsOrigins: config.CORS_ORIGINS,
        firestore: process.env.FIRESTORE_EMULATOR_HOST ? 'emulator' : 'project',
        projectId: projectId ?? null,
      },
    },
    'chat service starting',
  );
  const model = await languageModelAssistant(config.ASSISTANT, getFirestore(firebase), logger, callLimits);
  // The configured model tried once (issue 27 item 6): /healthz and the listening line report it.
  const modelStatus = await modelStatusAtStartup(config.ASSISTANT);
  const assistant = assistantWithScenarios({
    dir: config.SCENARIOS_DIR,
    scenarioIds: config.CHAT_SCENARIOS,
    fallback: model ?? turnAssistant(createBuiltInAssistant()),
    logger,
  });
  const service = createChatServiceApp({
    firestore: getFirestore(firebase),
    // The Auth client (its token verifier: jwks-rsa, jsonwebtoken — about 160 files) is loaded by the
    // first call that carries an ID token, not at start: anonymous visitors never need it.
    auth: {
      verifyIdToken: async (...args) =>
        (await import('firebase-admin/auth')).getAuth(firebase).verifyIdToken(...args),
    },
    assistant,
    modelStatus,
    logger,
    rateLimits: {
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      perClient: config.RATE_LIMIT_PER_CLIENT,
      maxKeys: config.RATE_LIMIT_MAX_KEYS,
    },
    callLimits,
    appCheck: {
      mode: config.APP_CHECK,
      // Loaded only when used: the App Check client costs about 100 ms of a cold start.
      verifier:
        config.APP_CHECK === 'off' ? null : (await import('firebase-admin/app-check')).getAppCheck(firebase),
    },
    pace: { chunkChars: config.STREAM_CHUNK_CHARS, intervalMs: config.STREAM_INTERVAL_MS },
    minWriteIntervalMs: config.MIN_WRITE_INTERVAL_MS,
    retentionMs: config.DATA_RETENTION_DAYS * 24 * 60 * 60 * 1000,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
    corsOrigins: config.CORS_ORIGINS,
    trustProxyHops: config.TRUST_PROXY_HOPS,
    drain: createDrain(config.DRAIN),
    streamingLeaseMs: config.STREAMING_LEASE_MS,
  });
  const { url, server } = await service.listen(config.PORT, config.HOST);
  const modelLine = modelStatus ? describeModelStatus(modelStatus) : 'none (the built-in rules assistant)';
  logger[modelStatus && !modelStatus.reachable ? 'warn' : 'info'](
    // startupMs: from the process's start to listening — the instance's own share of a cold start,
    // apart from what the platform spends creating the container (the compose test prints both).
    { url, scenarios: config.CHAT_SCENARIOS, model: modelStatus, startupMs: Math.round(performance.now()) },
    `chat service listening on ${url}; model: ${modelLine}`,
  );
  stopOnSignals(server, service.drain, config.DRAIN, logger);
  // What /healthz did not wait for — Firestore's gRPC transport (google-gax: about 280 ms of CPU; lazy in
  // the compiled service, build.mjs) and the Auth client's token verifier — loaded before the first
  // visitor's turn needs them: once the first request (the platform's health check) has been answered,
  // or a second after listening, whichever comes first. Loading blocks the process, so doing it at
  // once would hold up the very health check that tells the platform this instance is ready.
  let preloaded = false;
  const preload = () => {
    if (preloaded) return;
    preloaded = true;
    const grpcLoaded = typeof GrpcStatus === 'object';
    void import('firebase-admin/auth').then(() => logger.debug({ grpcLoaded }, 'loaded after listening'));
  };
  server.once('request', (_request, response) => response.once('finish', () => setImmediate(preload)));
  setTimeout(preload, 1_000).unref();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof ScenarioConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
