/** Test data for the language-model assistant's tests: the built-in assistant's salon, and input builders. */
import {
  CONVERSATION,
  MONDAY_MORNING_NY,
  SALON as BASE_SALON,
  message as baseMessage,
  messageInput as baseMessageInput,
} from '@chat/assistant/testing';
import type { Business, Message } from '@chat/core';
import { genkit } from 'genkit/beta';
import type { MockRespond } from 'genkit/testing';
import { mockModel } from 'genkit/testing';
import type { AssistantInput } from '@chat/assistant';
import type { Limits } from './llm-assistant.js';
import { createLlmAssistant } from './llm-assistant.js';
import { createMemoryModelCallBudget } from './model-call-budget.js';

export { CONVERSATION, MONDAY_MORNING_NY };

/** The built-in assistant's test salon, with an FAQ. */
export const SALON: Business = {
  ...BASE_SALON,
  faq: [{ question: 'Do you sell gift cards?', answer: 'Yes, at the front desk, from $25.' }],
};

/** A stored message; `extra` adds fields such as an auth message's type and tool request. */
export function message(role: Message['role'], text: string, extra: Partial<Message> = {}): Message {
  return { ...baseMessage(role, text), ...extra };
}

/** A visitor's message as the chat route passes it (saved first, so it ends the history), to SALON. */
export function messageInput(text: string, overrides: Partial<AssistantInput> = {}): AssistantInput {
  return baseMessageInput(text, { business: SALON, ...overrides });
}

/** Every tool the model is given, by name. */
export const TOOL_NAMES = [
  'getFaq',
  'getLocations',
  'getOpeningHours',
  'getServices',
  'getSuggestedQuestions',
  'handOffToTeam',
  'requestBookingChange',
];

export interface Logged {
  details: object;
  message: string;
}

/** A Genkit instance with a scripted model, and the assistant over it. */
export function scriptedAssistant(respond?: MockRespond, limits: Partial<Limits> = {}) {
  const ai = genkit({});
  const model = mockModel(ai, {
    name: 'scripted',
    info: { supports: { tools: true, multiturn: true, systemRole: true } },
    ...(respond ? { respond } : {}),
  });
  const logged: Logged[] = [];
  const assistant = createLlmAssistant({
    ai,
    model,
    budget: createMemoryModelCallBudget(),
    logger: { warn: (details, text) => logged.push({ details, message: text }) },
    limits,
  });
  return { ai, model, assistant, logged };
}

/** The chat-turn JSON a well-behaved model answers with. */
export function turnJson(
  reply: string,
  smartReplies: string[] = ['What are your hours?', 'Where are you?'],
): string {
  return JSON.stringify({ reply, smartReplies });
}
