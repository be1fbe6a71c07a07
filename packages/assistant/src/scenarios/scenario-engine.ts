/**
 * The scripted assistant: the second TurnAssistant (beside the built-in one in ../built-in/). It plays a scenario file's steps for each conversation bound to
 * one. For every visitor action it tries the steps from where the conversation is in the script
 * onward (then from the top), runs the first whose `when` matches, and moves on to the step after
 * it (or to its `goto`). Nothing matches: the scenario's fallback reply, and the position stays.
 *
 * A step with `requireSignIn` asked of an anonymous visitor raises the phone sign-in interrupt
 * instead and is remembered; the PHONE_SIGN_IN resume then plays it. Interrupts are built by the
 * same function the built-in assistant uses, so they reach the page the same way.
 *
 * Stateless: a conversation's place in its script is kept in the assistant memory the chat service
 * stores (the mock server in memory, the production service in Firestore), so any instance can
 * play the next step.
 */
import { bookingUpdateValue } from '@chat/core';
import { phoneSignInInterrupt } from '../built-in/answers/booking.js';
import type { AssistantInput, AssistantMemory, AssistantTurn, TurnAssistant } from '../assistant-types.js';
import { interruptRef } from '../built-in/respond-to-message.js';
import { otherLanguageOf, translated } from './localized-texts.js';
import { checkPattern } from './pattern-safety.js';
import type { ScenarioFile, Step, StepTrigger } from './scenario-schema.js';

/** The scenario a conversation plays, as the chat service resolved it. */
export interface BoundScenario {
  id: string;
  scenario: ScenarioFile;
}

/** Where a conversation is in its scenario (GET /control/conversations/:id/scenario). */
export interface ScenarioProgress {
  scenarioId: string;
  /** Index of the next step the engine tries first. */
  position: number;
  /** The step that answered the last turn (index, id), or null after a fallback or before any turn. */
  lastStep: { index: number; id: string | null } | null;
  /** A requireSignIn step waiting for the visitor to verify. */
  waitingForSignIn: number | null;
}

/** The key of the engine's place in AssistantMemory. */
const MEMORY_KEY = 'scenario';

/** The conversation's place in its scenario as remembered after its last turn, or null. */
export function scenarioProgress(memory: AssistantMemory | null): ScenarioProgress | null {
  const value = memory?.[MEMORY_KEY];
  return isProgress(value) ? { ...value } : null;
}

function isProgress(value: unknown): value is ScenarioProgress {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Partial<ScenarioProgress>;
  return typeof p.scenarioId === 'string' && Number.isInteger(p.position);
}

/**
 * The turn `bound` plays for this visitor action. The conversation's place in the script comes in
 * with `input.memory` and leaves with the turn's `memory`.
 */
export function playScenario(bound: BoundScenario, input: AssistantInput): AssistantTurn {
  const known = scenarioProgress(input.memory);
  const state: ScenarioProgress =
    known && known.scenarioId === bound.id
      ? known
      : { scenarioId: bound.id, position: 0, lastStep: null, waitingForSignIn: null };
  const turn = playStep(bound.scenario, state, input);
  return { ...turn, memory: { ...input.memory, [MEMORY_KEY]: state } };
}

/** `resolve` names the scenario of the turn's conversation; the engine is only asked when there is one. */
export function createScenarioEngine(
  resolve: (input: AssistantInput) => BoundScenario | null,
): TurnAssistant {
  return {
    respond(input) {
      const bound = resolve(input);
      if (!bound) throw new Error(`Conversation ${input.conversation.id} has no scenario`);
      return playScenario(bound, input);
    },
  };
}

/**
 * The scenario as a visitor in `tag`'s language reads it (issue 28): each step's and the fallback's
 * texts in that language where the file gives them (`reply: { en: …, es: … }`), else in English.
 */
export function inLanguage(scenario: ScenarioFile, tag: string | undefined): ScenarioFile {
  const language = otherLanguageOf(tag);
  if (language === null) return scenario;
  return {
    ...scenario,
    steps: scenario.steps.map((step) => translated(step, language)),
    fallback: translated(scenario.fallback, language),
  };
}

/** The turn for this visitor action; moves `state` on (a fresh copy owned by the caller). */
function playStep(file: ScenarioFile, state: ScenarioProgress, input: AssistantInput): AssistantTurn {
  // The texts in the visitor's language where the file gives them (a Spanish page: `es:`).
  const scenario = inLanguage(file, input.language);
  // The file may have been edited to fewer steps since the last turn.
  if (state.position > scenario.steps.length) state.position = 0;
  const { request } = input;

  if (request.kind === 'resume') {
    const verified = request.action === 'PHONE_SIGN_IN' && !request.declined;
    const waiting = state.waitingForSignIn;
    state.waitingForSignIn = null;
    if (verified && input.signedIn && waiting !== null && scenario.steps[waiting]) {
      state.lastStep = { index: waiting, id: scenario.steps[waiting].id ?? null };
      return stepTurn(input, scenario.steps[waiting]);
    }
  }
  const index = findStep(scenario.steps, state.position, (when) => triggers(when, input));
  if (index === null) {
    state.lastStep = null;
    return {
      reply: scenario.fallback.reply,
      ...(scenario.fallback.smartReplies ? { smartReplies: scenario.fallback.smartReplies } : {}),
    };
  }
  const step = scenario.steps[index]!;
  state.lastStep = { index, id: step.id ?? null };
  state.position = step.goto ? scenario.steps.findIndex((s) => s.id === step.goto) : index + 1;
  if (step.requireSignIn && !input.signedIn) {
    state.waitingForSignIn = index;
    return phoneSignInInterrupt(interruptRef(input), step.requireSignIn, {
      reason: 'scenario',
      step: index + 1,
    });
  }
  return stepTurn(input, step);
}

/** The first step from `from` onward, then from the top, whose trigger matches. */
function findStep(
  steps: readonly Step[],
  from: number,
  matches: (when: StepTrigger) => boolean,
): number | null {
  for (let n = 0; n < steps.length; n++) {
    const index = (from + n) % steps.length;
    if (matches(steps[index]!.when)) return index;
  }
  return null;
}

/**
 * How `text:`, `contains:` and `bookingUpdate:` compare: any case, any run of spaces, and without
 * accents (issue 28: "Qué horario tenéis" matches `contains: que horario`, and `contains: años` a
 * visitor who typed "anos" on a keyboard without ñ), so a Spanish demo matches as an English one does.
 */
const normalise = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').trim().replace(/\s+/g, ' ').toLocaleLowerCase('und');

/** Whether a step's `when` matches this turn's visitor action. */
export function triggers(when: StepTrigger, input: AssistantInput): boolean {
  const { request } = input;
  if (request.kind === 'resume') {
    if (!('resume' in when)) return false;
    const declined = request.declined || request.action === 'PHONE_SIGN_IN_DECLINED';
    return when.resume === (declined ? 'PHONE_SIGN_IN_DECLINED' : 'PHONE_SIGN_IN');
  }
  const update = bookingUpdateValue(request.text);
  if (update !== null) {
    if (!('bookingUpdate' in when)) return false;
    return when.bookingUpdate === true || normalise(when.bookingUpdate) === normalise(update);
  }
  const text = request.text;
  if ('text' in when) return normalise(text) === normalise(when.text);
  if ('contains' in when) return normalise(text).includes(normalise(when.contains));
  if ('matches' in when) {
    // Validated when the file was loaded (and cached since): never an unsafe pattern here.
    const checked = checkPattern(when.matches);
    return checked.ok && checked.pattern.test(text);
  }
  if ('anything' in when) return true;
  return false;
}

/** A step's reply and effects as an assistant turn. */
function stepTurn(input: AssistantInput, step: Step): AssistantTurn {
  const turn: AssistantTurn = step.interrupt
    ? {
        ...phoneSignInInterrupt(interruptRef(input), step.interrupt, { reason: 'scenario' }),
        reply: step.reply ?? '',
      }
    : { reply: step.reply ?? '' };
  if (step.smartReplies) turn.smartReplies = step.smartReplies;
  if (step.typingMs) turn.typingDelayMs = step.typingMs;
  if (step.stream) turn.streaming = { chunkChars: step.stream.chunk, intervalMs: step.stream.everyMs };
  if (step.fail !== undefined) turn.failWithStatus = step.fail;
  if (step.dropStream) turn.dropLiveStream = true;
  if (step.moveClock) turn.moveClockMs = step.moveClock;
  if (step.passToTeam) {
    turn.passToTeam = {
      type: step.passToTeam === 'booking' ? 'BOOKING_REQUEST' : 'HANDOFF',
      request: visitorWords(input),
    };
  }
  return turn;
}

/**
 * The visitor's words the step answers: the message, or after the phone check the last message the
 * visitor wrote (the one that started the step; the page's notices are not the visitor's).
 */
function visitorWords(input: AssistantInput): string {
  if (input.request.kind === 'message') return input.request.text;
  for (let i = input.history.length - 1; i >= 0; i--) {
    const message = input.history[i]!;
    if (message.role === 'user' && message.text.trim()) return message.text;
  }
  return '';
}
