/**
 * A scenario's `matches` pattern, compiled as the engine uses it (case-insensitive) once it is known
 * to be both valid and safe. The engine runs it on every visitor message, and `demo list` on the
 * step's `visitor` example: a pattern that backtracks catastrophically, like `^(a+)+$` on
 * "aaaaaaaaaaaaaaaaaaaaaaaaaaa!", would freeze the server (or `demo list`) for seconds to hours.
 *
 * The check is scslre's (the analyser behind eslint-plugin-regexp): it finds, in well under a
 * millisecond, the repetitions that can trade characters with each other. Refused: every case it
 * proves exponential, and a repetition nested in one that may repeat 3 times or more (polynomial of
 * degree 3 or more: minutes on a 2,048-character message). Accepted: the quadratic cases (like
 * `.*hours.*`), which cost milliseconds at the longest message a visitor can send.
 * Limit: scslre studies attack strings that repeat one character, so an ambiguity between
 * alternatives, like `(\w|\d)+$`, is not caught (see ../../scenarios/README.md).
 */
import type * as Scslre from 'scslre';
import type { Report } from 'scslre';
import { loadOnFirstUse } from './load-on-first-use.js';

const scslre = loadOnFirstUse<typeof Scslre>('scslre');
const analyse: typeof Scslre.analyse = (...args) => scslre().analyse(...args);

export type PatternCheck = { ok: true; pattern: RegExp } | { ok: false; problem: string };

const cache = new Map<string, PatternCheck>();
/** Checks are pure; keeping the answers spares the server a new analysis at every reload. */
const CACHE_LIMIT = 1_000;

export function checkPattern(source: string): PatternCheck {
  const known = cache.get(source);
  if (known) return known;
  const result = analysePattern(source);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(source, result);
  return result;
}

function analysePattern(source: string): PatternCheck {
  let pattern: RegExp;
  try {
    pattern = new RegExp(source, 'i');
  } catch {
    return { ok: false, problem: 'is not a valid regular expression' };
  }
  let reports: Report[];
  try {
    reports = analyse({ source, flags: 'i' }).reports;
  } catch {
    // The analyser's parser is stricter than V8's in corners (Annex B syntax): treat as unproven.
    return {
      ok: false,
      problem: 'cannot be checked for safety; write it more simply (letters, |, ?, +, *, ^, $)',
    };
  }
  const dangerous = reports.find(isDangerous);
  if (!dangerous) return { ok: true, pattern };
  return {
    ok: false,
    problem: `could freeze the server on some visitor messages (catastrophic backtracking): ${culprit(dangerous)}. Remove one of the two repetitions (+, * or {…})`,
  };
}

function isDangerous(report: Report): boolean {
  if (report.exponential) return true;
  return report.type === 'Self' && report.parentQuant.max >= 3;
}

function culprit(report: Report): string {
  switch (report.type) {
    case 'Self':
      return `"${report.quant.raw}" is repeated inside "${report.parentQuant.raw}"`;
    case 'Trade':
      return `"${report.startQuant.raw}" and "${report.endQuant.raw}" can match the same text, inside a repetition`;
    default:
      return `"${report.quant.raw}" repeats ambiguously`;
  }
}
