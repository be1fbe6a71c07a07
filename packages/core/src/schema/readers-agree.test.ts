/**
 * The page reads stored documents liberally (../read: what another tool wrote off-shape is clipped,
 * defaulted or dropped), but a document that meets the schema must read as it is: each reader takes
 * its limits and enums from the same field rules (../fields), and this test holds it to them. Every
 * field of each example is set in turn to every sweep value (each limit off by one, enum look-alikes,
 * wrong types); whatever the schema accepts, the reader must give back unchanged.
 */
import { describe, expect, it } from 'vitest';
import type { ReadResult } from '../read/read-helpers.js';
import { readConversation } from '../read/read-conversation.js';
import { readMessage } from '../read/read-message.js';
import { ConversationSchema } from './conversation.js';
import { MessageSchema } from './message.js';
import { exampleToolRequest, mutate, pathsOf, SWEEP } from './shape-variations.test-support.js';

type Schema = { safeParse(value: unknown): { success: boolean; data?: unknown } };

const conversation = {
  id: 'c1',
  businessId: 'bella-vista-salon',
  userId: 'u1',
  userType: 'enduser',
  summaryFeedPosted: false,
  contextType: 'enduser',
  createdAt: 1,
  updatedAt: 2,
  expiredAt: 3,
  isOutsideBusinessHours: false,
  lastMessage: { text: 'Hi', sender: 'user', sentAt: 2, messageId: 'm1' },
  signupFeedPosted: true,
};

const messages = [
  { id: 'm1', role: 'user', text: 'Hi', createdAt: 1 },
  {
    id: 'm2',
    role: 'model',
    text: 'Please verify',
    createdAt: 2,
    type: 'auth',
    streaming: false,
    smartReplies: [{ type: 'system', text: 'Verify later' }],
    toolRequest: exampleToolRequest,
  },
];

const READERS: Array<[string, (raw: unknown) => ReadResult<unknown>, Schema, unknown[]]> = [
  ['Conversation', (raw) => readConversation(raw), ConversationSchema, [conversation]],
  ['Message', (raw) => readMessage(raw), MessageSchema, messages],
];

describe('a document that meets the schema reads unchanged', () => {
  it.each(READERS)(
    '%s',
    (_name, read, schema, seeds) => {
      let accepted = 0;
      for (const seed of seeds) {
        pathsOf(seed).forEach((_path, pick) => {
          for (const value of SWEEP) {
            const document = mutate(seed, [{ pick, kind: 'set', value, key: '' }]);
            const parsed = schema.safeParse(document);
            if (!parsed.success) continue;
            accepted += 1;
            const result = read(document);
            // toEqual: a field set to undefined is the same as one left out, for a stored document.
            expect(result.ok && result.value, JSON.stringify(document)?.slice(0, 300)).toEqual(parsed.data);
          }
        });
      }
      // The sweep reaches each limit: many variations are valid, not only the examples.
      expect(accepted).toBeGreaterThan(50);
      // Thousands of documents through zod and the reader: the default 5 s limit was seen reached on a
      // loaded 2-core machine.
    },
    30_000,
  );
});
