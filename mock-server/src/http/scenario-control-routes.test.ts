import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_SCENARIOS_DIR } from '@chat/assistant/testing';
import { CHAT_PATH, CONTROL_CALL_HEADERS, ErrorBodySchema, SOCKET_EVENTS } from '@chat/core';
import type { Message } from '@chat/core';
import { createApp } from '../app.js';
import type { ChatMockServer } from '../app.js';
import { loadFixtures } from '../store/fixtures.js';
import { chatSendBody } from '../testing/http-test-app.js';
import { connectClient, createConversation, subscribe, waitFor } from '../testing/test-server.js';

let server: ChatMockServer;
beforeEach(() => {
  server = createApp({ scenariosDir: TEST_SCENARIOS_DIR, watchScenarios: false });
});
afterEach(() => server.close());

function control(method: 'put' | 'post', url: string, body: object = {}) {
  const agent = request(server.app);
  const call = method === 'put' ? agent.put(url) : agent.post(url);
  return call.set({ ...CONTROL_CALL_HEADERS }).send(body);
}
const chat = (conversationId: string, text: string) =>
  request(server.app).post(CHAT_PATH).send(chatSendBody(conversationId, text));
const modelTexts = (conversationId: string) =>
  server.store
    .messages(conversationId)
    .filter((m: Message) => m.role === 'model')
    .map((m) => m.text);

describe('scenarios over the control API', () => {
  it('lists every scenario with its validation state; a broken one names file and step, and the server keeps serving', async () => {
    const res = await request(server.app).get('/control/scenarios');
    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.scenarios.map((s: { id: string }) => [s.id, s]));
    expect(byId['greeting']).toMatchObject({ valid: true, name: 'Greeting', errors: [] });
    expect(byId['broken-step'].valid).toBe(false);
    expect(byId['broken-step'].errors[0]).toMatch(
      /^test-scenarios\/broken-step\.yaml, step 2 \(wrong\), when:/,
    );
    expect((await request(server.app).get('/control/health')).status).toBe(200);
  });

  it('plays a scenario in one conversation while the others keep the built-in assistant', async () => {
    const scripted = createConversation(server);
    const plain = createConversation(server);
    const bound = await control('put', `/control/conversations/${scripted.id}/scenario`, {
      scenario: 'greeting',
    });
    expect(bound.body).toMatchObject({ scenario: 'greeting', via: 'conversation' });
    expect((await chat(scripted.id, 'hello')).status).toBe(200);
    expect((await chat(plain.id, 'hello')).status).toBe(200);
    expect(modelTexts(scripted.id)).toEqual(['Hello from the script!']);
    expect(modelTexts(plain.id)[0]).not.toBe('Hello from the script!');
    const state = await request(server.app).get(`/control/conversations/${scripted.id}/scenario`);
    expect(state.body.progress).toMatchObject({
      scenarioId: 'greeting',
      lastStep: { index: 0, id: 'hello' },
    });

    await control('put', `/control/conversations/${scripted.id}/scenario`, { scenario: null });
    await chat(scripted.id, 'hello');
    expect(modelTexts(scripted.id)[1]).not.toBe('Hello from the script!');
  });

  it('refuses an unknown scenario with the closest name, and a scenario with no valid version', async () => {
    const conversation = createConversation(server);
    const unknown = await control('put', `/control/conversations/${conversation.id}/scenario`, {
      scenario: 'greting',
    });
    expect(unknown.status).toBe(404);
    expect(ErrorBodySchema.parse(unknown.body).error.message).toContain('(did you mean "greeting"?)');
    const broken = await control('put', `/control/conversations/${conversation.id}/scenario`, {
      scenario: 'broken-step',
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toContain('broken-step.yaml, step 2 (wrong)');
    const bad = await control('put', `/control/conversations/${conversation.id}/scenario`, { scenario: 3 });
    expect(bad.status).toBe(400);
    expect(
      (await control('put', '/control/conversations/nope/scenario', { scenario: 'greeting' })).status,
    ).toBe(404);
  });

  it('binds a business, which a reset returns to the fixtures; a fixture can name its scenario', async () => {
    expect(
      (await control('put', '/control/businesses/bella-vista-salon/scenario', { scenario: 'greeting' }))
        .status,
    ).toBe(200);
    const first = createConversation(server);
    await chat(first.id, 'hello');
    expect(modelTexts(first.id)).toEqual(['Hello from the script!']);
    await control('post', '/control/reset');
    const second = createConversation(server);
    await chat(second.id, 'hello');
    expect(modelTexts(second.id)[0]).not.toBe('Hello from the script!');

    const fixtures = loadFixtures();
    const withDefault = createApp({
      scenariosDir: TEST_SCENARIOS_DIR,
      watchScenarios: false,
      fixtures: { ...fixtures, businessScenarios: { 'bella-vista-salon': 'greeting' } },
    });
    const conversation = createConversation(withDefault);
    await request(withDefault.app).post(CHAT_PATH).send(chatSendBody(conversation.id, 'hello'));
    expect(withDefault.store.messages(conversation.id).map((m) => m.text)).toContain(
      'Hello from the script!',
    );
    await withDefault.close();
  });

  it('applies a step that fails, moves the clock, or paces its reply', async () => {
    const conversation = createConversation(server);
    await control('put', `/control/conversations/${conversation.id}/scenario`, { scenario: 'effects' });
    const failed = await chat(conversation.id, 'please fail');
    expect(failed.status).toBe(502);
    expect(modelTexts(conversation.id)).toEqual([]);

    const before = server.clock.offsetMs();
    await chat(conversation.id, 'see you later');
    expect(server.clock.offsetMs() - before).toBe(2 * 3_600_000);

    expect((await chat(conversation.id, 'slow please')).status).toBe(200);
    await waitFor(
      () =>
        server.store.messages(conversation.id).some((m) => m.text === 'Slowly but surely.' && !m.streaming),
      5_000,
      'the paced reply',
    );
  });
});

describe('a scenario that drops the live stream, over a real socket', () => {
  it('fails the conversation’s subscribers, and the reply is there after re-subscribing', async () => {
    const { url } = await server.listen(0, '127.0.0.1');
    const conversation = createConversation(server);
    const other = createConversation(server);
    await control('put', `/control/conversations/${conversation.id}/scenario`, { scenario: 'effects' });
    const socket = await connectClient(url);
    const errors: Array<{ conversationId: string; error: { code: string } }> = [];
    socket.on(SOCKET_EVENTS.error, (event) => errors.push(event));
    expect((await subscribe(socket, { conversationId: conversation.id })).ok).toBe(true);
    expect((await subscribe(socket, { conversationId: other.id })).ok).toBe(true);
    await chat(conversation.id, 'drop it');
    await waitFor(() => errors.length > 0, 5_000, 'the stream error');
    expect(errors).toEqual([
      expect.objectContaining({
        conversationId: conversation.id,
        error: expect.objectContaining({ code: 'unavailable' }),
      }),
    ]);
    const again = await subscribe(socket, { conversationId: conversation.id });
    expect(again.ok && again.messages.map((m) => m.message.text)).toEqual(['After the drop.']);
    socket.close();
  });
});

describe('steering a conversation from the console', () => {
  it('sends a staffer’s message as an assistant reply, and raises the interrupt on the next reply only', async () => {
    const conversation = createConversation(server);
    const sent = await control('post', `/control/conversations/${conversation.id}/messages`, {
      text: 'Hi, this is **Ava** from the team.',
    });
    expect(sent.status).toBe(201);
    expect(modelTexts(conversation.id)).toEqual(['Hi, this is **Ava** from the team.']);
    expect(
      (await control('post', `/control/conversations/${conversation.id}/messages`, { text: '  ' })).status,
    ).toBe(400);

    const raised = await control('post', `/control/conversations/${conversation.id}/interrupt`, {
      message: 'Verify, please.',
    });
    expect(raised.body.interruptPending).toBe(true);
    const next = await chat(conversation.id, 'what are your hours?');
    expect(next.body.interrupts[0].metadata.interrupt.message).toBe('Verify, please.');
    const after = await chat(conversation.id, 'what are your hours?');
    expect(after.body.interrupts).toBeUndefined();
  });

  it('restarts a conversation’s scenario from its first step', async () => {
    const conversation = createConversation(server);
    await control('put', `/control/conversations/${conversation.id}/scenario`, { scenario: 'greeting' });
    await chat(conversation.id, 'hello');
    const restarted = await control('post', `/control/conversations/${conversation.id}/scenario/restart`);
    expect(restarted.body.progress).toBeNull();
  });
});

describe('the demo console', () => {
  it('is served with the page’s design tokens and an event stream, only while the control API is on', async () => {
    const page = await request(server.app).get('/console');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>Demo console</title>');
    const tokens = await request(server.app).get('/console/styles/tokens.css');
    expect(tokens.text).toContain('--color-primary');
    expect((await request(server.app).get('/console/styles/global.css')).text).toContain(':focus-visible');
    expect((await request(server.app).get('/console/styles/..%2Fpackage.json')).status).toBe(404);
    expect((await request(server.app).get('/console/console.js')).status).toBe(200);

    const off = createApp({ controlApi: false, scenariosDir: TEST_SCENARIOS_DIR, watchScenarios: false });
    expect((await request(off.app).get('/console')).status).toBe(404);
    expect((await request(off.app).get('/control/scenarios')).status).toBe(404);
    await off.close();
  });

  it('serves every module the console’s script imports, as JavaScript', async () => {
    // The console is plain modules with no build step: a missing or misnamed file only shows in a browser.
    const seen = new Set<string>();
    const toRead = ['console.js'];
    while (toRead.length > 0) {
      const file = toRead.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const res = await request(server.app).get(`/console/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers['content-type'], file).toMatch(/^(text|application)\/javascript/);
      for (const [, imported] of res.text.matchAll(/^import [^;]*? from '\.\/([\w-]+\.js)';$/gm)) {
        toRead.push(imported!);
      }
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('streams every message change to the console', async () => {
    const { url } = await server.listen(0, '127.0.0.1');
    const conversation = createConversation(server);
    const controller = new AbortController();
    const response = await fetch(`${url}/control/events`, { signal: controller.signal });
    const reader = response.body!.getReader();
    server.store.addMessage(conversation.id, { role: 'user', text: 'Hello console' });
    let received = '';
    while (!received.includes('Hello console')) {
      const { value, done } = await reader.read();
      if (done) break;
      received += new TextDecoder().decode(value);
    }
    expect(received).toContain(`"conversationId":"${conversation.id}"`);
    controller.abort();
  });
});
