/**
 * `npm run eval`: plays every case of ./eval-cases.ts through the language-model assistant and
 * prints a score table.
 *
 *   ASSISTANT_PROVIDER=openai OPENAI_API_KEY=… npm run eval    the configured model: the real score
 *   npm run eval -- --scripted                                 the scripted server (CI): plumbing only
 *
 * Without a configured model it says so and runs the scripted server. In scripted mode every case
 * must pass (the script answers from what the tools really returned), so a failure means the
 * plumbing — tools, phone check, streaming, parsing — broke; the exit code is then 1. With a real
 * model the score is the result and the exit code 0 (add --min-score=<percent> to fail below it).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Business, Conversation } from '@chat/core';
import { readBusiness } from '@chat/core';
import { createLlmAssistant } from '../src/llm-assistant.js';
import { createMemoryModelCallBudget } from '../src/model-call-budget.js';
import { createModelRuntime } from '../src/model-runtime.js';
import { readAssistantConfig } from '../src/provider-config.js';
import { startScriptedOpenAiServer } from '../src/scripted-openai-server.js';
import { EVAL_CASES } from './eval-cases.js';
import type { EvalCase } from './eval-cases.js';
import { scriptedAnswer } from './scripted-answers.js';
import { judge } from './judge.js';
import { printScoreTable } from './score-table.js';

const FIXTURES = fileURLToPath(new URL('../../../mock-server/fixtures/businesses.json', import.meta.url));

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const minScore = Number(args.find((a) => a.startsWith('--min-score='))?.split('=')[1] ?? 0);
  const unknown = args.filter((a) => a !== '--scripted' && !a.startsWith('--min-score='));
  if (unknown.length > 0) {
    console.error(`Unknown option ${unknown.join(' ')}. Use --scripted or --min-score=<percent>.`);
    return 2;
  }
  const read = readAssistantConfig(process.env);
  if (!read.ok) {
    console.error(`Cannot run the evaluation:\n${read.problems.map((p) => `- ${p}`).join('\n')}`);
    return 2;
  }
  const scripted = args.includes('--scripted') || read.config.provider === 'rules';
  if (scripted && !args.includes('--scripted')) {
    console.log(
      'No model configured (ASSISTANT_PROVIDER is rules or unset): running against the scripted server — plumbing only, not a score of any model.',
    );
  }

  const businesses = loadBusinesses();
  let current: EvalCase = EVAL_CASES[0]!;
  const server = scripted
    ? await startScriptedOpenAiServer((request) => scriptedAnswer(current, request))
    : null;
  try {
    const config =
      server !== null
        ? ({ provider: 'openai', model: 'scripted', apiKey: null, baseUrl: server.baseUrl } as const)
        : (read.config as Exclude<typeof read.config, { provider: 'rules' }>);
    const runtime = createModelRuntime(config);
    const problems: string[] = [];
    const assistant = createLlmAssistant({
      ...runtime,
      budget: createMemoryModelCallBudget(),
      logger: {
        warn: (details, message) =>
          problems.push(`${message}: ${String((details as { err?: unknown }).err ?? '')}`),
      },
    });
    console.log(
      `Evaluating ${EVAL_CASES.length} visitor turns with ${scripted ? 'the scripted server' : `${config.provider} ${config.model}`}…\n`,
    );
    const started = Date.now();
    const results = [];
    for (const evalCase of EVAL_CASES) {
      current = evalCase;
      problems.length = 0;
      const business = businesses.get(evalCase.businessId)!;
      const nowMs = Date.parse(evalCase.at);
      const turn = await assistant.turn({
        business,
        conversation: conversationOf(business, nowMs),
        history: [{ id: 'visitor-1', role: 'user', text: evalCase.visitor, createdAt: nowMs }],
        nowMs,
        signedIn: evalCase.signedIn ?? false,
        userTimezone: evalCase.userTimezone ?? businessZone(business),
        request: { kind: 'message', text: evalCase.visitor },
        memory: null,
      });
      results.push(judge(evalCase, turn, [...problems]));
    }
    const score = printScoreTable(results, Date.now() - started);
    if (scripted) return score.passed === score.total ? 0 : 1;
    return score.percent >= minScore ? 0 : 1;
  } finally {
    await server?.close();
  }
}

function loadBusinesses(): Map<string, Business> {
  const raw = JSON.parse(readFileSync(FIXTURES, 'utf8')) as unknown[];
  const out = new Map<string, Business>();
  for (const item of raw) {
    const read = readBusiness(item);
    if (read.ok) out.set(read.value.id, read.value);
  }
  return out;
}

function businessZone(business: Business): string {
  return business.locations.find((l) => l.isPrimary)?.hours?.timeZone ?? business.hours?.timeZone ?? 'UTC';
}

function conversationOf(business: Business, nowMs: number): Conversation {
  return {
    id: `eval-${business.id}`,
    businessId: business.id,
    userId: null,
    userType: 'anonymous',
    summaryFeedPosted: false,
    contextType: 'enduser',
    createdAt: nowMs,
    updatedAt: nowMs,
    expiredAt: nowMs + 86_400_000,
    isOutsideBusinessHours: false,
    signupFeedPosted: false,
  };
}

process.exitCode = await main();
