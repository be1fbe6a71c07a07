/**
 * Whether one evaluation turn passed: the facts it must contain, the claims it must not make, the
 * phone check, and — for the model — which tools ran.
 */
import type { AssistantTurn } from '@chat/assistant';
import type { EvalCase } from './eval-cases.js';

export interface EvalResult {
  evalCase: EvalCase;
  passed: boolean;
  /** Why it failed, one line each. */
  failures: string[];
  /** The reply (and the phone-check message) as the visitor would read it. */
  shown: string;
}

/**
 * `toolsRun`: the tools that ran in the judged turn (the booking tool only when it passed a request
 * to the team), or null for an assistant without tools (the rules), whose tool checks are skipped.
 */
export function judge(
  evalCase: EvalCase,
  turn: AssistantTurn,
  problems: string[],
  toolsRun: ReadonlySet<string> | null,
): EvalResult {
  const shown = [turn.reply, turn.interrupt?.message].filter(Boolean).join('\n\n');
  const failures: string[] = [];
  for (const pattern of evalCase.mustContain) {
    if (!pattern.test(shown)) failures.push(`missing ${pattern}`);
  }
  for (const pattern of evalCase.mustNot ?? []) {
    if (pattern.test(shown)) failures.push(`says ${pattern}`);
  }
  const raised = turn.interrupt !== undefined;
  if (evalCase.phoneCheck === true && !raised) failures.push('no phone check');
  if (evalCase.phoneCheck === false && raised) failures.push('phone check not wanted');
  if (toolsRun !== null) {
    for (const tool of evalCase.toolsRun ?? []) if (!toolsRun.has(tool)) failures.push(`${tool} did not run`);
    for (const tool of evalCase.toolsNotRun ?? []) if (toolsRun.has(tool)) failures.push(`${tool} ran`);
  }
  failures.push(...problems.map((p) => `logged: ${p}`));
  return { evalCase, passed: failures.length === 0, failures, shown };
}
