/**
 * The assistant the chat route talks to: for each turn it picks the scenario engine when the
 * conversation plays a scenario, else the built-in assistant. A conversation plays a scenario when
 * it was bound to one (PUT /control/conversations/:id/scenario), else when its business was (a
 * fixture's `scenario` field, PUT /control/businesses/:id/scenario, or a scenario's inline business).
 *
 * Demo staff can also steer one conversation from the console: the next visitor message gets the
 * phone sign-in interrupt, whichever assistant would have answered it.
 *
 * It also keeps each conversation's assistant memory (a scenario's place in its script), which the
 * production chat service keeps in Firestore instead.
 *
 * Limits: bindings, steering and memory live in process memory; a control reset clears the
 * conversation bindings and memories and returns business bindings to the fixtures'.
 */
import type { Logger } from 'pino';
import {
  interruptRef,
  phoneSignInInterrupt,
  playTurn,
  scenarioOrDefault,
  scenarioProgress,
} from '@chat/assistant';
import type {
  Assistant,
  AssistantInput,
  AssistantMemory,
  ScenarioLibrary,
  ScenarioProgress,
} from '@chat/assistant';

/** What the console's "raise the interrupt" asks when the staffer does not type a message. */
export const DEFAULT_STAFF_INTERRUPT = 'To continue, please verify your phone number first.';

export interface ScenarioBinding {
  scenarioId: string;
  /** Where the binding comes from. */
  via: 'conversation' | 'business';
}

export interface AssistantSwitch extends Assistant {
  /** Plays `scenarioId` in one conversation from its first step (null: back to the business's default). */
  bindConversation(conversationId: string, scenarioId: string | null): void;
  /** Plays `scenarioId` in every conversation of a business that has no scenario of its own (null: none). */
  bindBusiness(businessId: string, scenarioId: string | null): void;
  /** The scenario a conversation of `businessId` plays, or null for the built-in assistant. */
  bindingOf(conversationId: string, businessId: string): ScenarioBinding | null;
  /** Where the conversation is in its scenario. */
  progress(conversationId: string): ScenarioProgress | null;
  /** What the assistant remembered after the conversation's last turn (AssistantInput.memory). */
  memoryOf(conversationId: string): AssistantMemory | null;
  /** Keeps what the assistant asked to remember (ReplyWriter.remember). */
  remember(conversationId: string, memory: AssistantMemory): void;
  /** Makes the conversation's next visitor message get the phone sign-in interrupt with `message`. */
  interruptNextReply(conversationId: string, message: string): void;
  /** Whether a staff interrupt is waiting for the conversation's next message. */
  interruptPending(conversationId: string): boolean;
  /** Plays the conversation's scenario again from its first step. */
  restart(conversationId: string): void;
  /** Forgets every binding made through the control API and every conversation's place. */
  reset(): void;
}

export interface AssistantSwitchOptions {
  /** Answers every conversation that plays no scenario. */
  builtIn: Assistant;
  library: ScenarioLibrary;
  /** Business id → scenario id, from the fixtures; what a reset returns to. */
  businessDefaults?: Readonly<Record<string, string>>;
  logger: Logger;
}

export function createAssistantSwitch({
  builtIn,
  library,
  businessDefaults = {},
  logger,
}: AssistantSwitchOptions): AssistantSwitch {
  const byConversation = new Map<string, string>();
  let byBusiness = new Map<string, string>(Object.entries(businessDefaults));
  const staffInterrupts = new Map<string, string>();
  const memories = new Map<string, AssistantMemory>();

  function bindingOf(conversationId: string, businessId: string): ScenarioBinding | null {
    const own = byConversation.get(conversationId);
    if (own) return { scenarioId: own, via: 'conversation' };
    const forBusiness = byBusiness.get(businessId) ?? library.inlineScenarioFor(businessId);
    return forBusiness ? { scenarioId: forBusiness, via: 'business' } : null;
  }

  function resolve(input: AssistantInput) {
    const binding = bindingOf(input.conversation.id, input.business.id);
    if (!binding) return null;
    const scenario = library.get(binding.scenarioId);
    if (!scenario) {
      logger.warn(
        { scenario: binding.scenarioId, conversationId: input.conversation.id },
        'bound scenario has no valid version; the built-in assistant answers',
      );
      return null;
    }
    return { id: binding.scenarioId, scenario };
  }

  const played = scenarioOrDefault({ scenarioFor: resolve, fallback: builtIn });

  return {
    respond(input, writer) {
      const staffMessage = staffInterrupts.get(input.conversation.id);
      if (staffMessage !== undefined && input.request.kind === 'message') {
        staffInterrupts.delete(input.conversation.id);
        return playTurn(phoneSignInInterrupt(interruptRef(input), staffMessage, { reason: 'staff' }), writer);
      }
      return played.respond(input, writer);
    },
    reset() {
      byConversation.clear();
      byBusiness = new Map(Object.entries(businessDefaults));
      staffInterrupts.clear();
      memories.clear();
    },
    bindConversation(conversationId, scenarioId) {
      if (scenarioId === null) byConversation.delete(conversationId);
      else byConversation.set(conversationId, scenarioId);
      memories.delete(conversationId);
    },
    bindBusiness(businessId, scenarioId) {
      if (scenarioId === null) byBusiness.delete(businessId);
      else byBusiness.set(businessId, scenarioId);
    },
    bindingOf,
    progress: (conversationId) => scenarioProgress(memories.get(conversationId) ?? null),
    memoryOf: (conversationId) => memories.get(conversationId) ?? null,
    remember(conversationId, memory) {
      memories.set(conversationId, memory);
    },
    interruptNextReply(conversationId, message) {
      staffInterrupts.set(conversationId, message);
    },
    interruptPending: (conversationId) => staffInterrupts.has(conversationId),
    restart(conversationId) {
      memories.delete(conversationId);
      staffInterrupts.delete(conversationId);
    },
  };
}
