/** Test data for the language-model assistant's tests: a salon, a conversation and input builders. */
import type { Business, Conversation, Message } from '@chat/core';
import { BusinessSchema } from '@chat/core';
import { genkit } from 'genkit/beta';
import type { MockRespond } from 'genkit/testing';
import { mockModel } from 'genkit/testing';
import type { AssistantInput } from '@chat/assistant';
import type { Limits } from './llm-assistant.js';
import { createLlmAssistant } from './llm-assistant.js';
import { createMemoryModelCallBudget } from './model-call-budget.js';

export const SALON: Business = BusinessSchema.parse({
  id: 'bella-vista-salon',
  handle: 'bellavista',
  businessName: 'Bella Vista Salon',
  description: 'A full-service hair and beauty salon: cuts, colour, styling & nail care.',
  suggestedQuestions: [{ line1: 'Do you sell gift cards?', line2: '' }],
  faq: [{ question: 'Do you sell gift cards?', answer: 'Yes, at the front desk, from $25.' }],
  verification: { status: 'approved' },
  locations: [
    {
      name: 'Downtown',
      address: '123 Main St, Springfield, NY 10001',
      isPrimary: true,
      hours: {
        timeZone: 'America/New_York',
        weeklySchedule: {
          monday: { isOpen: true, intervals: [{ start: '09:00', end: '19:00' }] },
          tuesday: { isOpen: true, intervals: [{ start: '09:00', end: '19:00' }] },
          sunday: { isOpen: false, intervals: [] },
        },
      },
    },
  ],
});

export const CONVERSATION: Conversation = {
  id: 'conv-1',
  businessId: SALON.id,
  userId: null,
  userType: 'anonymous',
  summaryFeedPosted: false,
  contextType: 'enduser',
  createdAt: 0,
  updatedAt: 0,
  expiredAt: 24 * 60 * 60 * 1000,
  isOutsideBusinessHours: false,
  signupFeedPosted: false,
};

/** Monday 2 March 2026, 10:30 in New York (EST, UTC-5). */
export const MONDAY_MORNING_NY = Date.parse('2026-03-02T15:30:00Z');

let nextId = 0;
export function message(role: Message['role'], text: string, extra: Partial<Message> = {}): Message {
  nextId += 1;
  return { id: `m${nextId}`, role, text, createdAt: nextId, ...extra };
}

/** A visitor's message as the chat route passes it: saved first, so it ends the history. */
export function messageInput(
  text: string,
  overrides: Partial<Omit<AssistantInput, 'memory'>> = {},
): AssistantInput {
  const history = overrides.history ?? [message('user', text)];
  return {
    business: SALON,
    conversation: CONVERSATION,
    nowMs: MONDAY_MORNING_NY,
    signedIn: false,
    userTimezone: 'America/New_York',
    request: { kind: 'message', text },
    memory: null,
    ...overrides,
    history,
  };
}

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
