/**
 * Issue 27 item 6 on the production chat service: with OPENAI_BASE_URL pointing at a closed
 * 127.0.0.1 port, the start-up check (what main.ts runs before it listens) finds the model
 * unreachable, /healthz says so and where it looked, and an hours question is answered by the rules
 * assistant from the business's facts, logged. On the Firestore and Auth emulators; skipped without
 * them (`npm run test:firestore` starts them).
 */
import { contractBusiness } from '@chat/contract';
import { HEALTH_PATH } from '@chat/core';
import type { AssistantConfig } from '@chat/llm-assistant/config';
import { closedPort } from '@chat/llm-assistant/testing';
import { deleteApp } from 'firebase-admin/app';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { languageModelAssistant, modelStatusAtStartup } from './language-model-assistant.js';
import {
  adminApp,
  callChat,
  emulatorsRunning,
  saveVisitorMessage,
  seedBusiness,
  seedConversation,
  startService,
} from './testing/emulator-service.js';
import type { RunningService } from './testing/emulator-service.js';

describe.skipIf(!emulatorsRunning)('the chat service with its model down, on the emulators', () => {
  let service: RunningService;
  let budgetApp: ReturnType<typeof adminApp> | undefined;
  let baseUrl: string;
  const logged: string[] = [];

  beforeAll(async () => {
    baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const config: AssistantConfig = { provider: 'openai', model: 'llama3', apiKey: null, baseUrl };
    budgetApp = adminApp();
    const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) });
    const assistant = await languageModelAssistant(config, budgetApp.db, logger);
    service = await startService(assistant!, { modelStatus: await modelStatusAtStartup(config) });
  }, 60_000);
  afterAll(async () => {
    await service?.stop();
    if (budgetApp) await deleteApp(budgetApp.app);
  });

  it('/healthz says the model is unreachable, with the URL it tried and why', async () => {
    const health = await fetch(service.url + HEALTH_PATH);
    expect(health.status).toBe(200);
    const body = (await health.json()) as { ok: boolean; model: Record<string, unknown> };
    expect(body).toMatchObject({
      ok: true,
      model: { provider: 'openai', model: 'llama3', url: baseUrl, reachable: false },
    });
    expect(body.model.error).toMatch(/ECONNREFUSED/);
  });

  it('an hours question is answered by the rules assistant, and the fallback is logged', async () => {
    const business = contractBusiness();
    await seedBusiness(service.db, business);
    const conversationId = await seedConversation(service.db, business.id);
    const question = 'What are your hours?';
    await saveVisitorMessage(service.db, conversationId, question);
    const call = await callChat(service.url, {
      message: question,
      conversationId,
      businessId: business.id,
      profileId: business.id,
      userTimezone: 'America/New_York',
    });
    expect(call.status).toBe(200);
    const messages = await service.db
      .collection(`conversations/${conversationId}/messages`)
      .orderBy('createdAt')
      .get();
    const reply = messages.docs.map((d) => d.data()).find((m) => m.role === 'model')!;
    expect(reply.text).toContain('Here are our regular hours');
    expect(reply.streaming ?? false).toBe(false);
    expect(logged.join('\n')).toMatch(/the model failed( at \S+)?; the rules assistant answered/);
    // The OpenAI client tries twice (one retry, with its back-off) before the rules answer.
  }, 30_000);
});
