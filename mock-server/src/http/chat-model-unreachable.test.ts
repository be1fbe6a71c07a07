/**
 * Issue 27 item 6 on the mock server: with OPENAI_BASE_URL pointing at a closed 127.0.0.1 port, the
 * start-up check (what index.ts runs before it listens) finds the model unreachable, /healthz says so
 * and where it looked, and an hours question is answered by the rules assistant, logged.
 */
import request from 'supertest';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATH, HEALTH_PATH } from '@chat/core';
import { closedPort } from '@chat/llm-assistant/testing';
import { pino } from 'pino';
import { createApp } from '../app.js';
import type { ChatMockServer } from '../app.js';
import { languageModelAssistant, modelStatusAtStartup } from '../language-model-assistant.js';
import { createConversation, DEFAULT_BUSINESS_ID } from '../testing/test-server.js';

// Genkit and its plugins take a few seconds to load the first time, more than a test's timeout.
beforeAll(() => import('@chat/llm-assistant'), 60_000);

let server: ChatMockServer | null = null;
afterEach(() => {
  server?.close();
  server = null;
});

describe('the mock server with its model down', () => {
  it('reports the model unreachable in /healthz and answers an hours question from the rules', async () => {
    const baseUrl = `http://127.0.0.1:${await closedPort()}/v1`;
    const config = { provider: 'openai', model: 'llama3', apiKey: null, baseUrl } as const;
    const logged: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) });
    server = createApp({
      assistant: (await languageModelAssistant(config, logger))!,
      modelStatus: await modelStatusAtStartup(config),
    });

    const health = await request(server.app).get(HEALTH_PATH);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({
      ok: true,
      model: { provider: 'openai', model: 'llama3', url: baseUrl, reachable: false },
    });
    expect((health.body as { model: { error: string } }).model.error).toMatch(/ECONNREFUSED/);

    const { id } = createConversation(server);
    const question = 'What are your hours?';
    server.store.addMessage(id, { role: 'user', text: question });
    const chat = await request(server.app).post(CHAT_PATH).send({
      message: question,
      conversationId: id,
      businessId: DEFAULT_BUSINESS_ID,
      profileId: DEFAULT_BUSINESS_ID,
      userTimezone: 'America/New_York',
    });
    expect(chat.status).toBe(200);
    const reply = server.store.messages(id).at(-1)!;
    expect(reply.role).toBe('model');
    expect(reply.text).toContain('Here are our regular hours (Eastern Time):');
    expect(reply.text).toContain('- **Tuesday:** 9:00 AM – 7:00 PM');
    expect(logged.join('\n')).toMatch(/the model failed( at \S+)?; the rules assistant answered/);
    // The OpenAI client tries twice (one retry, with its back-off) before the rules answer.
  }, 30_000);

  it('shows no model when the rules assistant is configured', async () => {
    server = createApp({ modelStatus: await modelStatusAtStartup({ provider: 'rules' }) });
    expect((await request(server.app).get(HEALTH_PATH)).body).toMatchObject({ ok: true, model: null });
  });
});
