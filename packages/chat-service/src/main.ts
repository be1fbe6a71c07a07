/**
 * Starts the chat service: reads the environment (config.ts), connects the Admin SDK — to the
 * emulators when FIRESTORE_EMULATOR_HOST / FIREBASE_AUTH_EMULATOR_HOST are set, else to the project
 * with application default credentials — and listens on PORT. Stops on SIGTERM (Cloud Run) or SIGINT.
 */
import { createBuiltInAssistant, turnAssistant } from '@chat/assistant';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { pino } from 'pino';
import { createChatServiceApp } from './app.js';
import { ConfigError, readConfig } from './config.js';
import { describeModelStatus } from '@chat/llm-assistant/probe';
import { languageModelAssistant, modelStatusAtStartup } from './language-model-assistant.js';
import { assistantWithScenarios, ScenarioConfigError } from './scenario-bindings.js';

async function main() {
  const config = readConfig(process.env);
  // Cloud Logging reads `severity`; the level names are the same words.
  const logger = pino({
    level: config.LOG_LEVEL,
    messageKey: 'message',
    formatters: { level: (label) => ({ severity: label.toUpperCase() }) },
  });
  const projectId = config.GOOGLE_CLOUD_PROJECT || config.GCLOUD_PROJECT;
  const firebase = initializeApp(projectId ? { projectId } : undefined);
  const modelStatus = await modelStatusAtStartup(config.ASSISTANT);
  const assistant = assistantWithScenarios({
    dir: config.SCENARIOS_DIR,
    scenarioIds: config.CHAT_SCENARIOS,
    fallback:
      (await languageModelAssistant(config.ASSISTANT, getFirestore(firebase), logger)) ??
      turnAssistant(createBuiltInAssistant()),
    logger,
  });
  const service = createChatServiceApp({
    firestore: getFirestore(firebase),
    auth: getAuth(firebase),
    assistant,
    modelStatus,
    logger,
    rateLimits: {
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      perClient: config.RATE_LIMIT_PER_CLIENT,
      perConversation: config.RATE_LIMIT_PER_CONVERSATION,
      maxKeys: config.RATE_LIMIT_MAX_KEYS,
    },
    pace: { chunkChars: config.STREAM_CHUNK_CHARS, intervalMs: config.STREAM_INTERVAL_MS },
    minWriteIntervalMs: config.MIN_WRITE_INTERVAL_MS,
    bodyLimitBytes: config.BODY_LIMIT_BYTES,
    corsOrigins: config.CORS_ORIGINS,
    trustProxyHops: config.TRUST_PROXY_HOPS,
  });
  const { url, server } = await service.listen(config.PORT, config.HOST);
  const model = modelStatus ? describeModelStatus(modelStatus) : 'none (the built-in rules assistant)';
  logger[modelStatus && !modelStatus.reachable ? 'warn' : 'info'](
    { url, scenarios: config.CHAT_SCENARIOS, model: modelStatus },
    `chat service listening on ${url}; model: ${model}`,
  );
  const stop = () => server.close(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof ScenarioConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
