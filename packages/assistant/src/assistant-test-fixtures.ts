/** Test data for the assistant's tests: a business shaped like the default fixture, and input builders. */
import type { Business, Conversation, Message, ToolRequest } from '@chat/core';
import { BusinessSchema, PHONE_SIGN_IN_TOOL, normaliseSmartReplies } from '@chat/core';
import { micromark } from 'micromark';
import { readFileSync } from 'node:fs';
import type { AssistantInput, AssistantTurn } from './assistant-types.js';
import { createBuiltInAssistant } from './built-in/index.js';

export const SALON: Business = BusinessSchema.parse({
  id: 'bella-vista-salon',
  handle: 'bellavista',
  businessName: 'Bella Vista Salon',
  description: 'A full-service hair and beauty salon: cuts, colour, styling & nail care.',
  suggestedQuestions: [
    { line1: 'What services do you offer', line2: 'and what are the prices?' },
    { line1: 'Are you open', line2: 'right now?' },
    { line1: 'Where is the salon', line2: 'located?' },
    { line1: 'Can I book an appointment', line2: 'for this weekend?' },
    { line1: 'Do you sell gift cards?', line2: '' },
  ],
  verification: { status: 'approved' },
  locations: [
    {
      name: 'Bella Vista Salon – Downtown',
      address: '123 Main St (2nd floor), Springfield, NY 10001',
      isPrimary: true,
      hours: {
        timeZone: 'America/New_York',
        weeklySchedule: {
          monday: { isOpen: true, intervals: [{ start: '09:00', end: '19:00' }] },
          tuesday: { isOpen: true, intervals: [{ start: '09:00', end: '19:00' }] },
          wednesday: {
            isOpen: true,
            intervals: [
              { start: '13:00', end: '19:00' },
              { start: '09:00', end: '12:00' },
            ],
          },
          thursday: { isOpen: true, intervals: [{ start: '09:00', end: '19:00' }] },
          friday: { isOpen: true, intervals: [{ start: '09:00', end: '20:00' }] },
          saturday: { isOpen: true, intervals: [{ start: '10:00', end: '16:00' }] },
          sunday: { isOpen: false, intervals: [] },
        },
      },
    },
  ],
});

/** One of the mock server's demo businesses (mock-server/fixtures/businesses.json), as a visitor meets it. */
export function demoBusiness(id: string): Business {
  const businesses = JSON.parse(
    readFileSync(new URL('../../../mock-server/fixtures/businesses.json', import.meta.url), 'utf8'),
  ) as Array<{ id: string }>;
  return BusinessSchema.parse(businesses.find((b) => b.id === id));
}

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
export function message(role: Message['role'], text: string, type?: Message['type']): Message {
  nextId += 1;
  return { id: `m${nextId}`, role, text, createdAt: nextId, ...(type ? { type } : {}) };
}

/** A message request with the visitor's text as the last history entry, as the page saves it first. */
export function messageInput(text: string, overrides: Partial<AssistantInput> = {}): AssistantInput {
  return {
    business: SALON,
    conversation: CONVERSATION,
    history: [message('user', text)],
    nowMs: MONDAY_MORNING_NY,
    signedIn: false,
    userTimezone: 'America/New_York',
    request: { kind: 'message', text },
    memory: null,
    ...overrides,
  };
}

const assistant = createBuiltInAssistant();

/** The assistant's turn for a visitor's message (anonymous, Monday 10:30 in New York, unless overridden). */
export function ask(text: string, overrides: Partial<AssistantInput> = {}): AssistantTurn {
  return assistant.respond(messageInput(text, overrides));
}

/** The assistant's turn for a resume after the phone sign-in interrupt. */
export function resume(
  action: 'PHONE_SIGN_IN' | 'PHONE_SIGN_IN_DECLINED',
  history: Message[],
  overrides: Partial<AssistantInput> = {},
  toolRequest: ToolRequest = { name: PHONE_SIGN_IN_TOOL, ref: 'r1' },
): AssistantTurn {
  return assistant.respond({
    ...messageInput('unused'),
    history,
    signedIn: action === 'PHONE_SIGN_IN',
    request: { kind: 'resume', action, declined: action === 'PHONE_SIGN_IN_DECLINED', toolRequest },
    ...overrides,
  });
}

/** The texts of a turn's smart replies, normalised as the page does. */
export function replyTexts(turn: AssistantTurn): string[] {
  return normaliseSmartReplies(turn.smartReplies).map((r) => r.text);
}

/**
 * The reply as HTML from micromark (the parser under react-markdown), raw HTML let through, so
 * anything the assistant failed to escape would show up as markup.
 */
export function html(turn: AssistantTurn): string {
  return micromark(turn.reply, { allowDangerousHtml: true });
}
