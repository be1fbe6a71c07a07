/**
 * Values for the tests that hold two spellings of a shape to each other (plain-checks-agree.test.ts,
 * readers-agree.test.ts): a valid example with parts replaced, removed or added, from a pool of
 * boundary lengths (every limit in ../fields, off by one), wrong types and enum look-alikes.
 */
import fc from 'fast-check';
import { ERROR_CODES } from '../errors.js';
import * as businessFields from '../fields/business-fields.js';
import * as chatFields from '../fields/chat-fields.js';
import * as conversationFields from '../fields/conversation-fields.js';
import * as feedItemFields from '../fields/feed-item-fields.js';
import * as identityFields from '../fields/identity-fields.js';
import * as messageFields from '../fields/message-fields.js';
import * as userFields from '../fields/user-fields.js';

/** Every number in the field rules (at any depth), so a new limit is swept without being listed here. */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (typeof value !== 'object' || value === null || value instanceof RegExp) return [];
  return Object.values(value).flatMap(numbersIn);
}

/** A stored assistant message and a tool request, valid as they are: parts of examples, and replacements. */
export const exampleMessage = {
  id: 'm1',
  role: 'model',
  text: 'Hello',
  createdAt: 5,
  smartReplies: ['Prices'],
};
export const exampleToolRequest = { name: 'requestPhoneSignIn', ref: 'r1', input: { reason: 'booking' } };

const FIELD_LIMITS = numbersIn([
  businessFields,
  chatFields,
  conversationFields,
  feedItemFields,
  identityFields,
  messageFields,
  userFields,
]);

/** Strings around every length limit of the field rules, of characters ids accept and some they do not. */
export const LIMITS = [...new Set([0, 1, 2, ...FIELD_LIMITS])].sort((a, b) => a - b);
export const boundaryString = fc
  .tuple(
    fc.constantFrom(...LIMITS),
    fc.constantFrom(-1, 0, 1),
    fc.constantFrom('a', 'Z', '9', '_', '-', '.', ' ', '/', 'é'),
  )
  .map(([limit, delta, char]) => char.repeat(Math.max(0, limit + delta)));

export const ENUM_LIKE = [
  ...ERROR_CODES,
  'user',
  'model',
  'system',
  'auth',
  'loading',
  'chat',
  'enduser',
  'anonymous',
  'NEW_SIGNUP',
  'PHONE_SIGN_IN',
  'PHONE_SIGN_IN_DECLINED',
  'SIGN_IN',
  'America/New_York',
];

/** Values every field of every example is set to in turn, besides the random variations. */
export const SWEEP: unknown[] = [
  ...LIMITS.flatMap((limit) =>
    [-1, 0, 1].flatMap((delta) => ['a', '.', '/'].map((char) => char.repeat(Math.max(0, limit + delta)))),
  ),
  ...ENUM_LIKE,
  ...[true, false, null, undefined, 0, -1, 1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY, [], {}],
];

export const replacement: fc.Arbitrary<unknown> = fc.oneof(
  boundaryString,
  fc.constantFrom<unknown>(...ENUM_LIKE),
  fc.constantFrom<unknown>(
    true,
    false,
    null,
    undefined,
    0,
    -1,
    1.5,
    2 ** 53,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    [],
    {},
    [exampleMessage],
    exampleMessage,
    exampleToolRequest,
  ),
  fc.string({ maxLength: 5 }),
  fc.integer(),
  fc.anything({ maxDepth: 1 }),
);

type Key = string | number;

/** Every path in `value`: the root, each field and each list item, at any depth. */
export function pathsOf(value: unknown, prefix: Key[] = []): Key[][] {
  const paths: Key[][] = [prefix];
  if (Array.isArray(value)) value.forEach((item, i) => paths.push(...pathsOf(item, [...prefix, i])));
  else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

export type Mutation = { pick: number; kind: 'set' | 'delete' | 'add'; value: unknown; key: string };

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  pick: fc.nat(),
  kind: fc.constantFrom('set', 'set', 'delete', 'add'),
  value: replacement,
  key: fc.constantFrom('extra', 'type', 'name', 'text', 'id', 'ok'),
});

export function mutate(seed: unknown, mutations: Mutation[]): unknown {
  let root: unknown = structuredClone(seed);
  for (const { pick, kind, value: shared, key } of mutations) {
    // A copy: the pool's objects (the example message, tool request) must stay as they are.
    const value = typeof shared === 'object' && shared !== null ? structuredClone(shared) : shared;
    const paths = pathsOf(root);
    const path = paths[pick % paths.length]!;
    if (path.length === 0) {
      if (kind === 'set') root = value;
      else if (kind === 'add' && typeof root === 'object' && root !== null) {
        (root as Record<string, unknown>)[key] = value;
      }
      continue;
    }
    const parent = path.slice(0, -1).reduce<unknown>((node, k) => (node as Record<Key, unknown>)[k], root);
    const last = path.at(-1)!;
    const target = parent as Record<Key, unknown>;
    if (kind === 'set') target[last] = value;
    else if (kind === 'delete' && !Array.isArray(parent)) delete target[last];
    else if (kind === 'add' && typeof target[last] === 'object' && target[last] !== null) {
      (target[last] as Record<string, unknown>)[key] = value;
    }
  }
  return root;
}
