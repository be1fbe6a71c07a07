/**
 * Any instance serves any turn, and a shipped scenario plays on Firebase as `npm run demo -- check`
 * rehearses it: one conversation of mock-server/scenarios/phone-verification-booking.yaml, its turns
 * (the interrupt, the resume after sign-in, a booking update, an unexpected question) each served by
 * another service instance with its own Admin SDK app, the third one started only for its turn. The
 * replies are the scenario file's own. Runs in `npm run test:firestore`; skipped without emulators.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createBuiltInAssistant, loadScenarioFile, turnAssistant } from '@chat/assistant';
import { bookingUpdateMessage, BusinessSchema, PHONE_SIGN_IN_TOOL } from '@chat/core';
import type { ChatResumeBody, ChatSendBody } from '@chat/core';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MEMORY_COLLECTION } from './firestore-chat-store.js';
import { assistantWithScenarios } from './scenario-bindings.js';
import {
  callChat,
  emulatorsRunning,
  env,
  saveVisitorMessage,
  seedBusiness,
  seedConversation,
  signedInVisitor,
  startService,
  watchWrites,
} from './testing/emulator-service.js';
import type { RunningService } from './testing/emulator-service.js';

const SCENARIOS_DIR = fileURLToPath(new URL('../../../mock-server/scenarios', import.meta.url));
const SCENARIO = 'phone-verification-booking';
const FIXTURES = fileURLToPath(new URL('../../../mock-server/fixtures/businesses.json', import.meta.url));

function scenarioFile() {
  const loaded = loadScenarioFile(`${SCENARIOS_DIR}/${SCENARIO}.yaml`);
  if (!loaded.ok) throw new Error(loaded.errors.join('\n'));
  return loaded.scenario;
}

const assistant = () =>
  assistantWithScenarios({
    dir: SCENARIOS_DIR,
    scenarioIds: [SCENARIO],
    fallback: turnAssistant(createBuiltInAssistant()),
    logger: pino({ level: 'silent' }),
  });

describe.skipIf(!emulatorsRunning)('a scenario played across chat service instances', () => {
  const instances: RunningService[] = [];

  beforeAll(async () => {
    instances.push(await startService(assistant()), await startService(assistant()));
    const bella = (JSON.parse(readFileSync(FIXTURES, 'utf8')) as unknown[])
      .map((raw) => BusinessSchema.parse(raw))
      .find((business) => business.id === 'bella-vista-salon')!;
    await seedBusiness(instances[0]!.db, bella);
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
  });

  it('plays every step of the shipped scenario, whichever instance serves each turn', async () => {
    const scenario = scenarioFile();
    const [changeBooking, bookingUpdate] = scenario.steps;
    const [a, b] = instances as [RunningService, RunningService];
    const conversationId = await seedConversation(a.db, 'bella-vista-salon');
    const watch = watchWrites(a.db, conversationId);
    const common = {
      conversationId,
      businessId: 'bella-vista-salon',
      profileId: 'bella-vista-salon',
      userTimezone: 'America/New_York',
    };
    const send = async (service: RunningService, text: string, idToken?: string) => {
      await saveVisitorMessage(service.db, conversationId, text);
      const body: ChatSendBody = { ...common, message: text };
      return callChat(service.url, body, idToken ? { idToken } : {});
    };
    const completeReplies = () => watch.latest().filter((m) => m.role === 'model' && !m.type && !m.streaming);

    // Instance A: an anonymous visitor asks to change a booking → the step's sign-in request.
    const asked = await send(a, 'Please change my booking');
    expect(asked.status).toBe(200);
    const interrupt = asked.body.interrupts?.[0];
    expect(interrupt?.toolRequest.name).toBe(PHONE_SIGN_IN_TOOL);
    expect(interrupt?.metadata?.interrupt?.message).toBe(changeBooking!.requireSignIn);

    // Instance B: the visitor verified their phone and resumes → the held step's reply.
    const visitor = await signedInVisitor('scenario-visitor');
    const resume: ChatResumeBody = {
      ...common,
      resume: {
        respond: [
          {
            toolRequest: interrupt!.toolRequest,
            response: { requiresAuth: true, action: 'PHONE_SIGN_IN', message: 'Authentication successful' },
          },
        ],
      },
    };
    const resumed = await callChat(b.url, resume, { idToken: visitor.idToken });
    expect(resumed.status).toBe(200);
    expect(resumed.body.smartReplies).toEqual(changeBooking!.smartReplies);
    await vi.waitFor(() => expect(completeReplies()).toHaveLength(1));
    expect(completeReplies()[0]!.text).toBe(changeBooking!.reply);

    // A third instance, started now: the booking update arrives through the link → the next step.
    const c = await startService(assistant());
    instances.push(c);
    const updated = await send(c, bookingUpdateMessage(bookingUpdate!.visitor!), visitor.idToken);
    expect(updated.status).toBe(200);
    await vi.waitFor(() => expect(completeReplies()).toHaveLength(2));
    expect(completeReplies()[1]!.text).toBe(bookingUpdate!.reply);

    // Back on A: something no step expects → the scenario's fallback.
    const unexpected = await send(a, 'Something no step of this scenario expects');
    expect(unexpected.status).toBe(200);
    await vi.waitFor(() => expect(completeReplies()).toHaveLength(3));
    expect(completeReplies()[2]!.text).toBe(scenario.fallback.reply);
    watch.stop();

    // The place in the script is in Firestore, where the page cannot read or change it (no rule opens it).
    const memory = await a.db.collection(MEMORY_COLLECTION).doc(conversationId).get();
    expect(memory.data()?.memory).toMatchObject({ scenario: { scenarioId: SCENARIO, position: 2 } });
    const documents = `http://${env.firestoreHost}/v1/projects/${env.projectId}/databases/(default)/documents`;
    const asPage = await fetch(`${documents}/${MEMORY_COLLECTION}/${conversationId}`);
    expect(asPage.status).toBe(403);
    const overwrite = await fetch(`${documents}/${MEMORY_COLLECTION}/${conversationId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fields: { memory: { nullValue: null } } }),
    });
    expect(overwrite.status).toBe(403);
  });
});
