/**
 * Each product text and each shared limit is defined once (issue 30): the texts in the catalogues
 * (text/en.ts, text/es.ts and its smart replies and system notices, text/es-replies.ts and text/es-notices.ts), the limits where this list names them; everything else imports them. This
 * test reads every production source file of the repository and fails on
 *
 * - a string literal (or a template's text, or JSX text) that is a catalogue text — the whole of one, or
 *   one of the parts around its `{placeholders}` — or that names one in quotes or bold
 *   ("tap **Contact Support**", `(taps "Verify later")`): the copy would not follow a change of wording;
 * - a number that is one of the shared limits below where a length or count is bounded with it
 *   (`.max(2048)`, `maxLength(…)`, `{ max: … }`, `.slice(0, …)`, `text.length > …`), outside the
 *   limit's own definition, unless OTHER_LIMITS names it as another limit that happens to have the
 *   same number;
 * - a text, the catalogues' included, that states one of those limits in figures ('truncated to 2048
 *   characters', 'Limit reached (2048)'): it takes the number from the limit.
 *
 * Not covered: tests, test support, e2e journeys and fixtures (they state what the visitor sees), the
 * bench (it reads the product and the floor page from outside, as a journey does), the language model's
 * eval cases (expected answers), comments, and files that are not TypeScript or JavaScript
 * (firestore.rules repeats its limits, held to core's by packages/firebase's rules-constants.test.ts).
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { BUSINESS } from './fields/business-fields.js';
import {
  MAX_ASSISTANT_NAME_LENGTH,
  MAX_CHAT_MESSAGE_LENGTH,
  MAX_INTERRUPT_MESSAGE_LENGTH,
  MAX_TIME_ZONE_LENGTH,
} from './fields/chat-fields.js';
import { MAX_TEAM_REQUEST_SUMMARY_LENGTH } from './fields/feed-item-fields.js';
import { MAX_MESSAGE_LENGTH, SMART_REPLY } from './fields/message-fields.js';
import { MAX_DISPLAY_NAME_LENGTH } from './fields/user-fields.js';
import { MAX_SMART_REPLIES } from './rules/smart-replies.js';
import {
  catalogueTexts as catalogueTextsOf,
  productionSourceFiles,
  readSource,
} from './text/production-sources.test-support.js';

/** Besides what is no production code: the bench and the language model's eval cases (see above). */
const SKIPPED = /(^|\/)eval(\/|$)|^scripts\/bench\//;

/** The limits more than one package bounds with, and the one file that defines each. */
const LIMITS: Array<{ name: string; value: number; definedIn: string }> = [
  {
    name: 'MAX_MESSAGE_LENGTH',
    value: MAX_MESSAGE_LENGTH,
    definedIn: 'packages/core/src/fields/message-fields.ts',
  },
  {
    name: 'MAX_CHAT_MESSAGE_LENGTH',
    value: MAX_CHAT_MESSAGE_LENGTH,
    definedIn: 'packages/core/src/fields/chat-fields.ts',
  },
  {
    name: 'MAX_SMART_REPLIES',
    value: MAX_SMART_REPLIES,
    definedIn: 'packages/core/src/rules/smart-replies.ts',
  },
  {
    name: 'SMART_REPLY.maxTextLength',
    value: SMART_REPLY.maxTextLength,
    definedIn: 'packages/core/src/fields/message-fields.ts',
  },
  {
    name: 'BUSINESS.maxNameLength',
    value: BUSINESS.maxNameLength,
    definedIn: 'packages/core/src/fields/business-fields.ts',
  },
  {
    name: 'MAX_DISPLAY_NAME_LENGTH',
    value: MAX_DISPLAY_NAME_LENGTH,
    definedIn: 'packages/core/src/fields/user-fields.ts',
  },
  {
    name: 'MAX_TIME_ZONE_LENGTH',
    value: MAX_TIME_ZONE_LENGTH,
    definedIn: 'packages/core/src/fields/chat-fields.ts',
  },
  {
    name: 'MAX_ASSISTANT_NAME_LENGTH',
    value: MAX_ASSISTANT_NAME_LENGTH,
    definedIn: 'packages/core/src/fields/chat-fields.ts',
  },
  {
    name: 'MAX_INTERRUPT_MESSAGE_LENGTH',
    value: MAX_INTERRUPT_MESSAGE_LENGTH,
    definedIn: 'packages/core/src/fields/chat-fields.ts',
  },
  {
    name: 'MAX_TEAM_REQUEST_SUMMARY_LENGTH',
    value: MAX_TEAM_REQUEST_SUMMARY_LENGTH,
    definedIn: 'packages/core/src/fields/feed-item-fields.ts',
  },
  // The demo's scripted texts: the scenario files and the console's staff messages (core cannot import @chat/assistant).
  {
    name: 'SCRIPTED_TEXT.maxReplyLength',
    value: 8000,
    definedIn: 'packages/assistant/src/scenarios/scenario-schema.ts',
  },
  {
    name: 'SCRIPTED_TEXT.maxInterruptLength',
    value: 500,
    definedIn: 'packages/assistant/src/scenarios/scenario-schema.ts',
  },
];

/**
 * Other limits that have the same number as one above, each with what it bounds: 'file: value'. A
 * new one is added here only when it is truly another limit; a copy of a listed one imports it.
 */
const OTHER_LIMITS: Record<string, string> = {
  'packages/assistant/src/built-in/knowledge/business-knowledge.ts: 4':
    'the shortest word the knowledge search matches',
  'packages/assistant/src/scenarios/scenario-schema.ts: 200': 'steps in one scenario',
  'packages/assistant/src/scenarios/scenario-schema.ts: 500':
    "a `matches:` pattern's length; a stream's chunk",
  'packages/assistant/src/scenarios/scenario-schema.ts: 2000': "a stream's interval (ms)",
  'packages/llm-assistant/src/model-probe.ts: 200': 'the model error quoted in a log line',
  'packages/server-http/src/framework-errors.ts: 200': 'the URL quoted in an error',
  'packages/chat-service/src/request-log.ts: 300': 'the message quoted in a log line',
  'packages/chat-service/src/firestore-call-limits.ts: 40': "a counter key's hash",
  'packages/core/src/fields/business-fields.ts: 64': "a business's handle",
  'packages/core/src/schema/local-api.ts: 64': "a fault's error code (control API)",
  'mock-server/src/http/scenario-control-routes.ts: 64': "a scenario's name (control API)",
  'mock-server/src/http/control-routes.ts: 500': 'conversations in one page of the control API',
  'scripts/demo/record-command.ts: 40': "a recording file name's business part",
  'scripts/docker/compose-test.mjs: 300': 'an answer quoted in a failure',
};

const CATALOGUE_FILES = /^packages\/core\/src\/text\/(en|es|es-replies|es-notices)\.ts$/;

/** The catalogues' texts, and the parts around their placeholders, long enough to be a text. */
const catalogueTexts = () => catalogueTextsOf({ parts: true });

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether a literal is a catalogue text, or names one in quotes or bold. */
function copiesText(literal: string, texts: Set<string>): string | null {
  const trimmed = literal.trim();
  if (texts.has(trimmed)) return trimmed;
  for (const text of texts) {
    if (!literal.includes(text)) continue;
    const named = new RegExp(`(\\*\\*|['"“‘«])${escaped(text)}(\\*\\*|['"”’»])`, 'u');
    if (named.test(literal)) return text;
  }
  return null;
}

const BOUNDING_CALLS = new Set(['max', 'min', 'maxLength', 'minLength', 'lte', 'gte', 'lt', 'gt', 'length']);
const BOUNDING_KEYS = new Set(['max', 'min', 'maxLength', 'minLength']);
const COMPARISONS = new Set([
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
]);

/** Whether a number literal bounds a length or a count where it stands. */
function bounds(node: ts.NumericLiteral): boolean {
  const parent = node.parent;
  if (ts.isCallExpression(parent) && parent.arguments.includes(node)) {
    const callee = parent.expression;
    if (ts.isPropertyAccessExpression(callee)) {
      const name = callee.name.text;
      if (ts.isIdentifier(callee.expression) && callee.expression.text === 'Math') return false;
      if (BOUNDING_CALLS.has(name)) return true;
      // .slice(0, n) / .substring(0, n): cut to a length.
      return (name === 'slice' || name === 'substring') && parent.arguments.indexOf(node) === 1;
    }
    return ts.isIdentifier(callee) && BOUNDING_CALLS.has(callee.text);
  }
  if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
    return ts.isIdentifier(parent.name) && BOUNDING_KEYS.has(parent.name.text);
  }
  if (ts.isBinaryExpression(parent) && COMPARISONS.has(parent.operatorToken.kind)) {
    const other = parent.left === node ? parent.right : parent.left;
    return (
      ts.isPropertyAccessExpression(other) && (other.name.text === 'length' || other.name.text === 'size')
    );
  }
  return false;
}

/** What `source` (the file `path`) copies: 'line: text "…"' or 'line: NAME (value)'. */
export function copiesIn(path: string, source: string, texts = catalogueTexts()): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const lineOf = (node: ts.Node) => file.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const isCatalogue = CATALOGUE_FILES.test(path);

  const visit = (node: ts.Node) => {
    let literal: string | undefined;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      literal = node.text;
    } else if (ts.isJsxText(node)) {
      literal = node.text;
    }
    if (literal !== undefined && !isCatalogue) {
      const copied = copiesText(literal, texts);
      if (copied) found.push(`${lineOf(node)}: text "${copied}"`);
    }
    if (literal !== undefined) {
      // A text that states a limit ('truncated to 2048 characters', 'Limit reached (2048)').
      for (const limit of LIMITS) {
        if (limit.definedIn === path || `${path}: ${limit.value}` in OTHER_LIMITS) continue;
        if (
          new RegExp(`\\(${limit.value}\\)|\\b${limit.value}(-character| characters| caracteres)`).test(
            literal,
          )
        ) {
          found.push(`${lineOf(node)}: ${limit.name} (${limit.value}) in a text`);
        }
      }
    }
    if (ts.isNumericLiteral(node) && bounds(node)) {
      const value = Number(node.text.replace(/_/g, ''));
      for (const limit of LIMITS) {
        if (limit.value !== value || limit.definedIn === path) continue;
        if (`${path}: ${value}` in OTHER_LIMITS) continue;
        found.push(`${lineOf(node)}: ${limit.name} (${value})`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('each product text and shared limit is defined once', () => {
  it('finds a copied text or limit', () => {
    const code = [
      "const retry = { text: 'Try again' };",
      'const hint = `For a quote, tap **Contact Support**.`;',
      'const Empty = () => <h2>Welcome to {name}!</h2>;',
      'const Body = z.object({ text: z.string().max(2048) });',
      'if (name.trim().length > 200) skip();',
      'const cut = text.slice(0, 4); const check = string({ max: 2148 });',
      "const toast = 'Limit reached (2048). Remove some text.';",
      // Not copies: other words and numbers, a text taken from the catalogue, a wait.
      "const later = 'Try again later, the server is busy';",
      'const retryText = SMART_REPLY_TEXT.tryAgain; setTimeout(run, 2048); const n = Math.max(a, 4);',
    ].join('\n');
    expect(copiesIn('sample.tsx', code)).toEqual([
      '1: text "Try again"',
      '2: text "Contact Support"',
      '3: text "Welcome to"',
      '4: MAX_MESSAGE_LENGTH (2048)',
      '5: SMART_REPLY.maxTextLength (200)',
      '5: BUSINESS.maxNameLength (200)',
      '5: MAX_DISPLAY_NAME_LENGTH (200)',
      '6: MAX_SMART_REPLIES (4)',
      '6: MAX_CHAT_MESSAGE_LENGTH (2148)',
      '7: MAX_MESSAGE_LENGTH (2048) in a text',
    ]);
  });

  it('names each limit where it is defined', () => {
    for (const limit of LIMITS) {
      const source = readSource(limit.definedIn);
      const key = limit.name.split('.').at(-1)!;
      expect(source, `${limit.name} in ${limit.definedIn}`).toMatch(new RegExp(`\\b${key}( =|:)`));
    }
  });

  // Parses every source file: seconds on a busy 2-core machine.
  it('holds in every production source file of the repository', { timeout: 120_000 }, () => {
    const texts = catalogueTexts();
    const found = productionSourceFiles(SKIPPED).flatMap((path) =>
      copiesIn(path, readSource(path), texts).map((hit) => `${path}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
