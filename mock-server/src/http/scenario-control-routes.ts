/**
 * The control API for demo staff (mounted with the rest of /control, only when the control API is
 * on): scenarios and their validation state, which conversation or business plays which scenario,
 * and steering one conversation from the console — an assistant message typed by the staffer, the
 * phone sign-in interrupt on the next reply, a restart of its scenario.
 */
import { Router } from 'express';
import { z } from 'zod';
import { SCRIPTED_TEXT, unknownScenarioMessage } from '@chat/assistant';
import type { ScenarioLibrary } from '@chat/assistant';
import { DocumentIdSchema, ProviderError } from '@chat/core';
import type { ReplyStreamer } from '../live/reply-streamer.js';
import type { AssistantSwitch } from '../scenarios/assistant-switch.js';
import { DEFAULT_STAFF_INTERRUPT } from '../scenarios/assistant-switch.js';
import type { DocumentStore } from '../store/memory-store.js';
import { SIGN_OUT_ADVICE } from './visitor-sign-out-route.js';
import { parseOrThrow } from './errors.js';
import { EmptyBody } from '../bodies/strict-bodies.js';

export interface ScenarioControlOptions {
  store: DocumentStore;
  library: ScenarioLibrary;
  assistant: AssistantSwitch;
  streamer: ReplyStreamer;
  /**
   * The ids of the messages staffers sent, added to here: they look like any assistant reply to the
   * visitor, but `demo record` must not take one for the assistant's answer, and the console's live
   * events mark them as the staff's. In memory, like the bindings.
   */
  staffMessages: Set<string>;
  /** Whether a visitor still signed in spoke in a conversation: then the page would not ask again. */
  visitorVerified?: (conversationId: string) => boolean;
}

const BindBodySchema = z.strictObject({ scenario: z.string().min(1).max(64).nullable() });
const StaffMessageSchema = z.strictObject({
  text: z.string().trim().min(1, 'must not be empty').max(SCRIPTED_TEXT.maxReplyLength),
});
const StaffInterruptSchema = z.strictObject({
  message: z.string().trim().min(1).max(SCRIPTED_TEXT.maxInterruptLength).optional(),
});

export function scenarioControlRoutes({
  store,
  library,
  assistant,
  streamer,
  staffMessages,
  visitorVerified = () => false,
}: ScenarioControlOptions): Router {
  const router = Router();

  /** The scenario to bind: null, or one with a valid version. */
  function usableScenario(name: string | null): string | null {
    if (name === null) return null;
    const listing = library.list().find((s) => s.id === name);
    if (!listing) {
      throw new ProviderError(
        'not-found',
        unknownScenarioMessage(
          name,
          library.list().map((s) => s.id),
        ),
      );
    }
    if (!library.get(name)) {
      throw new ProviderError(
        'invalid-argument',
        `scenario: ${name} is not valid: ${listing.errors.join(' | ')}`,
      );
    }
    return name;
  }

  function conversationOf(rawId: unknown) {
    const id = parseOrThrow(DocumentIdSchema, rawId, 'id');
    const conversation = store.getConversation(id);
    if (!conversation) throw new ProviderError('not-found', `Conversation ${id} not found`);
    return conversation;
  }

  function scenarioState(conversationId: string, businessId: string) {
    const binding = assistant.bindingOf(conversationId, businessId);
    return {
      conversationId,
      scenario: binding?.scenarioId ?? null,
      via: binding?.via ?? null,
      progress: assistant.progress(conversationId),
      /** How many steps the scenario has (the console says "step 2 of 3"). */
      stepCount: binding ? (library.get(binding.scenarioId)?.steps.length ?? null) : null,
      interruptPending: assistant.interruptPending(conversationId),
    };
  }

  router.get('/control/scenarios', (_req, res) => {
    // `dir` lets the demo CLI tell whether this server plays the folder it was given (--dir).
    res.json({ scenarios: library.list(), dir: library.dir });
  });

  router.get('/control/conversations/:id/scenario', (req, res) => {
    const conversation = conversationOf(req.params.id);
    res.json(scenarioState(conversation.id, conversation.businessId));
  });

  router.put('/control/conversations/:id/scenario', (req, res) => {
    const conversation = conversationOf(req.params.id);
    const { scenario } = parseOrThrow(BindBodySchema, req.body);
    assistant.bindConversation(conversation.id, usableScenario(scenario));
    res.json(scenarioState(conversation.id, conversation.businessId));
  });

  router.post('/control/conversations/:id/scenario/restart', (req, res) => {
    const conversation = conversationOf(req.params.id);
    parseOrThrow(EmptyBody, req.body ?? {});
    assistant.restart(conversation.id);
    res.json(scenarioState(conversation.id, conversation.businessId));
  });

  router.put('/control/businesses/:id/scenario', (req, res) => {
    const id = parseOrThrow(DocumentIdSchema, req.params.id, 'id');
    if (!store.getBusiness(id)) throw new ProviderError('not-found', `Business ${id} not found`);
    const { scenario } = parseOrThrow(BindBodySchema, req.body);
    assistant.bindBusiness(id, usableScenario(scenario));
    res.json({ businessId: id, scenario });
  });

  router.get('/control/conversations/:id/messages', (req, res) => {
    const conversation = conversationOf(req.params.id);
    // In the order they were written (a streamed reply's seq grows after the messages that follow it).
    const written = new Map(store.messages(conversation.id).map((message, index) => [message.id, index]));
    const messages = store
      .messagesAfter(conversation.id, -1)
      .sort((a, b) => written.get(a.message.id)! - written.get(b.message.id)!)
      .map((entry) => (staffMessages.has(entry.message.id) ? { ...entry, staff: true } : entry));
    res.json({ messages });
  });

  router.post('/control/conversations/:id/messages', (req, res) => {
    const conversation = conversationOf(req.params.id);
    const { text } = parseOrThrow(StaffMessageSchema, req.body);
    // Streams like any assistant reply, so the visitor sees nothing that tells it apart.
    const { created } = streamer.start(conversation.id, { text });
    staffMessages.add(created.message.id);
    res.status(201).json({ message: created.message });
  });

  router.post('/control/conversations/:id/interrupt', (req, res) => {
    const conversation = conversationOf(req.params.id);
    const { message } = parseOrThrow(StaffInterruptSchema, req.body ?? {});
    // The page asks a verified visitor nothing and their question would go unanswered (issue 19).
    if (visitorVerified(conversation.id)) {
      throw new ProviderError(
        'failed-precondition',
        `This visitor has already verified their phone, so the page would not ask again and their next question would get no answer. ${SIGN_OUT_ADVICE}`,
      );
    }
    assistant.interruptNextReply(conversation.id, message ?? DEFAULT_STAFF_INTERRUPT);
    res.json(scenarioState(conversation.id, conversation.businessId));
  });

  return router;
}
