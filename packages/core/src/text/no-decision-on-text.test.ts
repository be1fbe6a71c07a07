/**
 * No decision on translated or shown text (issues 28 and 30): no production code compares a value
 * with a catalogue text — a reference into a catalogue (UI_TEXT.phoneVerified, SMART_REPLY_TEXT.…,
 * a session's `texts.…`) or a literal that is one of the catalogues' texts in any language. The page
 * writes '✓ Phone number verified successfully' in the visitor's language, so code that recognises it
 * by its English words fails for a Spanish visitor; decisions read a field (a smart reply's `action`,
 * the signed-in identity) instead. Comparisons are ===, !==, ==, !=, `case`, and the string methods
 * that test one text against another (includes, startsWith, …).
 *
 * Not covered: §4's special texts typed by the visitor ('try again' in any case), which the
 * specification defines on the visitor's own words (rules/special-texts.ts), and tests.
 */
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  catalogueTexts as catalogueTextsOf,
  productionSourceFiles,
  readSource,
} from './production-sources.test-support.js';

/** The catalogues themselves are where the texts are, not a decision on them. */
const SKIPPED = /\/text\/(en|es)\.ts$/;

/** Names whose properties are catalogue texts. */
const CATALOGUE_ROOTS = new Set([
  'UI_TEXT',
  'ERROR_TEXT',
  'TOAST_TEXT',
  'PAGE_TEXT',
  'LAUNCHER_TEXT',
  'SMART_REPLY_TEXT',
  'REPLY_TEXT',
  'EN',
  'ES',
]);
/** Property names that hold a catalogue section wherever they appear (a session's `s.texts.…`). */
const CATALOGUE_SEGMENTS = new Set(['texts', 'replyTexts', 'catalogue']);
const TEXT_METHODS = new Set([
  'includes',
  'startsWith',
  'endsWith',
  'indexOf',
  'lastIndexOf',
  'localeCompare',
]);
/** String methods that give the same text, made comparable ('Try again'.toLowerCase()). */
const NORMALISING_METHODS = new Set([
  'toLowerCase',
  'toUpperCase',
  'toLocaleLowerCase',
  'toLocaleUpperCase',
  'trim',
  'trimStart',
  'trimEnd',
  'normalize',
]);
const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

const catalogueTexts = () => catalogueTextsOf({ parts: false });

/**
 * Whether a literal is a catalogue text: exactly, or in any case when it is words (it has a space) —
 * a single lower-case word ('messages') is far likelier a code than the catalogue's 'Messages'.
 */
function isCatalogueLiteral(value: string, texts: Set<string>): boolean {
  const text = value.trim();
  if (texts.has(text)) return true;
  return /\s/.test(text) && lowerCased(texts).has(text.toLowerCase());
}

const lowered = new WeakMap<Set<string>, Set<string>>();
function lowerCased(texts: Set<string>): Set<string> {
  let lower = lowered.get(texts);
  if (!lower) lowered.set(texts, (lower = new Set([...texts].map((text) => text.toLowerCase()))));
  return lower;
}

/** Every comparison with a catalogue text in `source` (a file's text), as 'line: code'. */
export function decisionsOnText(fileName: string, source: string, texts = catalogueTexts()): string[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];

  const isCatalogueText = (node: ts.Node): boolean => {
    let inner = node;
    for (;;) {
      if (
        ts.isParenthesizedExpression(inner) ||
        ts.isAsExpression(inner) ||
        ts.isNonNullExpression(inner) ||
        ts.isSatisfiesExpression(inner) ||
        ts.isTypeAssertionExpression(inner)
      ) {
        inner = inner.expression;
      } else if (
        // A text made comparable: SMART_REPLY_TEXT.tryAgain.toLowerCase(), '…'.trim().
        ts.isCallExpression(inner) &&
        ts.isPropertyAccessExpression(inner.expression) &&
        NORMALISING_METHODS.has(inner.expression.name.text)
      ) {
        inner = inner.expression.expression;
      } else {
        break;
      }
    }
    if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) {
      return isCatalogueLiteral(inner.text, texts);
    }
    // A list of texts searched (`[UI_TEXT.a, 'Try again'].includes(text)`), or a catalogue section's
    // texts (`Object.values(SMART_REPLY_TEXT)`).
    if (ts.isArrayLiteralExpression(inner)) {
      return inner.elements.some((element) => isCatalogueText(element));
    }
    if (
      ts.isCallExpression(inner) &&
      ts.isPropertyAccessExpression(inner.expression) &&
      ts.isIdentifier(inner.expression.expression) &&
      inner.expression.expression.text === 'Object' &&
      ['values', 'entries'].includes(inner.expression.name.text) &&
      inner.arguments.some((argument) => isCatalogueText(argument) || isCatalogueRoot(argument))
    ) {
      return true;
    }
    if (!ts.isPropertyAccessExpression(inner) && !ts.isElementAccessExpression(inner)) return false;
    const segments: string[] = [];
    let part: ts.Expression = inner;
    while (ts.isPropertyAccessExpression(part) || ts.isElementAccessExpression(part)) {
      if (ts.isPropertyAccessExpression(part)) segments.push(part.name.text);
      part = part.expression;
    }
    if (ts.isIdentifier(part)) segments.push(part.text);
    const root = segments.at(-1) ?? '';
    return CATALOGUE_ROOTS.has(root) || segments.slice(1).some((segment) => CATALOGUE_SEGMENTS.has(segment));
  };

  function isCatalogueRoot(node: ts.Node): boolean {
    return ts.isIdentifier(node) && CATALOGUE_ROOTS.has(node.text);
  }

  const report = (node: ts.Node) => {
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    found.push(`${line + 1}: ${node.getText().replace(/\s+/g, ' ').slice(0, 120)}`);
  };

  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && COMPARISONS.has(node.operatorToken.kind)) {
      if (isCatalogueText(node.left) || isCatalogueText(node.right)) report(node);
    } else if (ts.isCaseClause(node) && isCatalogueText(node.expression)) {
      report(node.expression);
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      TEXT_METHODS.has(node.expression.name.text) &&
      (isCatalogueText(node.expression.expression) || node.arguments.some(isCatalogueText))
    ) {
      report(node);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('no decision on translated or shown text', () => {
  it('finds a comparison with a catalogue text, by reference or by its words in any language', () => {
    const code = [
      'if (message.text === UI_TEXT.phoneVerified) verified = true;',
      "const declined = reply.text.toLowerCase() === 'verify later';",
      "if (m.text.startsWith('✓ Número de teléfono verificado correctamente')) ok();",
      'switch (text) { case SMART_REPLY_TEXT.tryAgain: retry(); }',
      'if (saved.text !== s.texts.phoneVerified) return;',
      'if (text.toLowerCase() === SMART_REPLY_TEXT.tryAgain.toLowerCase()) retry();',
      "if (['Start a new chat', REPLY_TEXT.startNewChat].includes(text)) restart();",
      'if (Object.values(SMART_REPLY_TEXT).includes(reply.text!)) special();',
      'if (reply.text! === (EN.replies.verifyLater as string)) decline();',
      // Not decisions: a text written, shown or passed on.
      'save({ text: UI_TEXT.phoneVerified }); show(REPLY_TEXT.tryAgain);',
      "if (reply.action === 'decline') decline();",
    ].join('\n');
    expect(decisionsOnText('sample.ts', code)).toEqual([
      '1: message.text === UI_TEXT.phoneVerified',
      "2: reply.text.toLowerCase() === 'verify later'",
      "3: m.text.startsWith('✓ Número de teléfono verificado correctamente')",
      '4: SMART_REPLY_TEXT.tryAgain',
      '5: saved.text !== s.texts.phoneVerified',
      '6: text.toLowerCase() === SMART_REPLY_TEXT.tryAgain.toLowerCase()',
      "7: ['Start a new chat', REPLY_TEXT.startNewChat].includes(text)",
      '8: Object.values(SMART_REPLY_TEXT).includes(reply.text!)',
      '9: reply.text! === (EN.replies.verifyLater as string)',
    ]);
  });

  /**
   * §4's special texts are the one set of words code may read, and only where the specification puts
   * them: each caller of specialActionFor is named here with why. Anything else decides by a smart
   * reply's `action` (issue 30: the page used to parse the session's own 'Try again' back).
   */
  const SPECIAL_TEXT_READERS: Record<string, string> = {
    // Where an assistant's smart reply enters the session: its words become `action`, once.
    'packages/core/src/rules/smart-replies.ts': 'offeredReply',
    // A visitor's typed 'try again' is not the message to ask again.
    'packages/core/src/rules/special-texts.ts': 'lastUserMessage',
    // What the visitor typed (or a suggested question): §4 acts on typed special texts.
    'web/src/features/chat/hooks/use-chat-session.ts': 'submit',
  };

  it('reads §4 special texts only where the specification puts them', { timeout: 60_000 }, () => {
    const readers = productionSourceFiles(SKIPPED).filter((path) =>
      /\bspecialActionFor\s*\(/.test(readSource(path).replace(/function specialActionFor/g, '')),
    );
    expect(readers.sort()).toEqual(Object.keys(SPECIAL_TEXT_READERS).sort());
  });

  // Parses every source file: seconds on a busy 2-core machine.
  it('holds in every production source file of the repository', { timeout: 60_000 }, () => {
    const texts = catalogueTexts();
    const found = productionSourceFiles(SKIPPED).flatMap((path) =>
      decisionsOnText(path, readSource(path), texts).map((hit) => `${path}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
