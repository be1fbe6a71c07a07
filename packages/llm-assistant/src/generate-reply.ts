/**
 * One model reply: Genkit's generateStream with the business tools, the chat-turn format, the
 * limits and the turn's context; the reply streamed sentence by sentence as it grows; the outcome
 * turned into a turn — the reply and its follow-ups, the phone check when the booking tool
 * interrupted, or, when the model failed, timed out or the day's budget is spent, the rules
 * assistant's answer from the same business facts (issue 27 item 6), logged.
 */
import type { GenerateRequest, GenerateResponse, GenerateResponseData, MessageData } from 'genkit';
import type { ResumeOptions } from 'genkit/beta';
import { claimsBookingChange } from './booking-guard.js';
import type { BookingRequest } from './booking-tool.js';
import { BOOKING_TOOL, BookingResultSchema, isVerified } from './booking-tool.js';
import type { HandOffRequest } from './hand-off-tool.js';
import { HANDOFF_TOOL } from './hand-off-tool.js';
import type { TeamRequest } from '@chat/assistant';
import type { TurnContext } from './business-tools.js';
import type { AssistantInput, AssistantTurn, TurnAssistant } from '@chat/assistant';
import { interruptRef } from '@chat/assistant';
import { MAX_SMART_REPLIES } from '@chat/core';
import { CHAT_TURN_FORMAT, ChatTurnOutputSchema } from './chat-turn-format.js';
import type { LlmAssistantOptions, Limits, ReplyListener } from './llm-assistant.js';
import { budgetDay } from './model-call-budget.js';
import { handOffCheckTurn, phoneCheckTurn } from './phone-check-turns.js';
import { replySoFar, SentenceGate } from './reply-text.js';
import { systemPrompt } from './system-prompt.js';
import { textsFor } from './visitor-language.js';
import type { BusinessTools } from './business-tools.js';

/** The day's model calls (or output tokens) for the business are used up. */
class BudgetSpent extends Error {
  override readonly name = 'BudgetSpent';
}

export interface ReplyRequest {
  input: AssistantInput;
  messages: MessageData[];
  resume?: ResumeOptions;
  /** The visitor's last words, for the language of the texts code writes. */
  visitorText: string;
  listener?: ReplyListener | undefined;
}

/** What every reply of one assistant shares: its options, limits, tools and the rules assistant behind it. */
export type Shared = LlmAssistantOptions & { limits: Limits; tools: BusinessTools; rules: TurnAssistant };

export async function generateReply(shared: Shared, request: ReplyRequest): Promise<AssistantTurn> {
  const { ai, model, budget, limits, tools, logger } = shared;
  const { input, visitorText, listener } = request;
  const context: TurnContext = {
    facts: { business: input.business, nowMs: input.nowMs, userTimezone: input.userTimezone },
    visitorText,
    ...(input.signedIn ? { auth: { verified: true } } : {}),
  };
  const gate = new SentenceGate();
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error('the reply took too long')), limits.replyTimeoutMs);
  const day = budgetDay(input.nowMs);
  const toldResults = new Set<string>();
  try {
    const { stream, response } = ai.generateStream({
      model,
      system: systemPrompt(input.business, input.nowMs),
      messages: request.messages,
      ...(request.resume ? { resume: request.resume } : {}),
      tools: tools.all,
      output: { format: CHAT_TURN_FORMAT },
      config: {
        ...(shared.outputLimit?.(limits.maxOutputTokensPerReply) ?? {
          maxOutputTokens: limits.maxOutputTokensPerReply,
        }),
        temperature: 0.3,
      },
      maxTurns: limits.maxModelCallsPerReply,
      context,
      abortSignal: abort.signal,
      use: [
        async (req: GenerateRequest, next: (req: GenerateRequest) => Promise<GenerateResponseData>) => {
          if (!(await budget.take(input.business.id, day, limits.maxModelCallsPerBusinessPerDay))) {
            throw new BudgetSpent(`business ${input.business.id} used its model budget for ${day}`);
          }
          if (shared.onToolResult) tellToolResults(req, toldResults, shared.onToolResult);
          const data = await next(req);
          await budget.spend?.(input.business.id, day, data.usage?.outputTokens ?? 0);
          return data;
        },
      ],
    });
    // A failing stream also rejects the response; this keeps that rejection from going unhandled.
    response.catch(() => undefined);
    const streamed = (async () => {
      const byMessage = new Map<number, string>();
      for await (const chunk of stream) {
        // Once the time is up nothing more is shown, even from a model that ignores the abort.
        if (chunk.role !== 'model' || abort.signal.aborted) continue;
        const text = (byMessage.get(chunk.index) ?? '') + chunk.text;
        byMessage.set(chunk.index, text);
        const shown = gate.offer(replySoFar(text));
        if (shown !== null) listener?.onText(shown);
      }
      return response;
    })();
    streamed.catch(() => undefined);
    // The provider is given the abort signal, but not every model honours it: the timeout wins anyway.
    const timedOut = new Promise<never>((_resolve, reject) =>
      abort.signal.addEventListener('abort', () => reject(abort.signal.reason as Error)),
    );
    return finish(await Promise.race([streamed, timedOut]), { input, visitorText, gate, context });
  } catch (error) {
    const spent = error instanceof BudgetSpent;
    logger.warn(
      {
        err: error,
        conversationId: input.conversation.id,
        businessId: input.business.id,
        ...(shared.endpoint ? { endpoint: shared.endpoint } : {}),
      },
      spent
        ? "assistant: the business's model budget for the day is spent; the built-in rules answer"
        : `assistant: the model failed${shared.endpoint ? ` at ${shared.endpoint}` : ''}; the rules assistant answered`,
    );
    // The visitor still gets an answer from the business's facts (its hours, its FAQ), never a bare
    // apology nor silence until midnight UTC: the rules need no model (issue 27 item 6).
    const fallback = shared.rules.respond(input);
    return { ...fallback, reply: joined(gate.text, fallback.reply) };
  } finally {
    clearTimeout(timer);
  }
}

interface Finish {
  input: AssistantInput;
  visitorText: string;
  gate: SentenceGate;
  context: TurnContext;
}

/** The model's finished response as a turn, checked by code before anything more is shown. */
function finish(response: GenerateResponse, { input, visitorText, gate, context }: Finish): AssistantTurn {
  const texts = textsFor(visitorText);
  if (response.finishReason === 'interrupted') {
    const interrupt = response.interrupts.find(
      (part) => part.toolRequest.name === BOOKING_TOOL || part.toolRequest.name === HANDOFF_TOOL,
    );
    if (!interrupt)
      throw new Error(
        `unexpected interrupt: ${response.interrupts.map((p) => p.toolRequest.name).join(', ')}`,
      );
    const message = (interrupt.metadata?.interrupt as { message?: unknown } | undefined)?.message;
    const check = {
      ref: interrupt.toolRequest.ref || interruptRef(input),
      visitorText,
      shownText: gate.text,
      ...(typeof message === 'string' ? { message } : {}),
    };
    return interrupt.toolRequest.name === HANDOFF_TOOL
      ? handOffCheckTurn({ ...check, request: interrupt.toolRequest.input as HandOffRequest })
      : phoneCheckTurn({ ...check, request: interrupt.toolRequest.input as BookingRequest });
  }
  const passToTeam = passedOn(response, visitorText);
  const passing = passToTeam ? { passToTeam } : {};
  const parsed = ChatTurnOutputSchema.safeParse(response.output);
  const reply = parsed.success ? parsed.data.reply.trim() : replySoFar(response.text).trim();
  if (!reply) throw new Error('the model gave no reply');
  if (gate.blocked || claimsBookingChange(reply)) {
    // The claim was never shown (the gate stopped before it). Code says what is true instead.
    if (!isVerified(context)) {
      return phoneCheckTurn({
        request: { kind: 'book' },
        ref: interruptRef(input),
        visitorText,
        shownText: gate.text,
      });
    }
    const truth = passToTeam?.type === 'BOOKING_REQUEST' ? texts.passedToTeam : texts.noBookingClaims;
    return { reply: joined(gate.text, truth), smartReplies: [...texts.followUps], ...passing };
  }
  const smartReplies = followUps(parsed.success ? parsed.data.smartReplies : [], texts.followUps);
  return { reply: continued(gate.text, reply), smartReplies, ...passing };
}

/**
 * What the booking or hand-off tool passed on to the team during this reply (the last one that did),
 * as the turn's passToTeam: the visitor's own words, and the model's one-line summary from the tool's
 * input. Read from the tools' responses, which code wrote — never from the model's text.
 */
function passedOn(response: GenerateResponse, visitorText: string): TeamRequest | null {
  const inputs = new Map<string, unknown>();
  let passed: TeamRequest | null = null;
  for (const message of response.messages) {
    for (const part of message.content) {
      if (part.toolRequest)
        inputs.set(`${part.toolRequest.name}/${part.toolRequest.ref ?? ''}`, part.toolRequest.input);
      const tool = part.toolResponse;
      if (!tool || (tool.name !== BOOKING_TOOL && tool.name !== HANDOFF_TOOL)) continue;
      if (BookingResultSchema.safeParse(tool.output).data?.status !== 'passed-to-team') continue;
      const input = inputs.get(`${tool.name}/${tool.ref ?? ''}`) as
        { summary?: unknown; details?: unknown } | undefined;
      const summary =
        typeof input?.summary === 'string'
          ? input.summary
          : typeof input?.details === 'string'
            ? input.details
            : undefined;
      passed = {
        type: tool.name === HANDOFF_TOOL ? 'HANDOFF' : 'BOOKING_REQUEST',
        request: visitorText,
        ...(summary ? { summary } : {}),
      };
    }
  }
  return passed;
}

/** 2–4 distinct follow-ups: the model's, topped up from the defaults of the visitor's language. */
function followUps(fromModel: string[], defaults: readonly string[]): string[] {
  const picked: string[] = [];
  for (const text of [...fromModel, ...defaults]) {
    const trimmed = text.trim();
    if (!trimmed || picked.some((p) => p.toLowerCase() === trimmed.toLowerCase())) continue;
    if (picked.length >= 2 && !fromModel.includes(text)) break;
    picked.push(trimmed);
    if (picked.length === MAX_SMART_REPLIES) break;
  }
  return picked;
}

/**
 * The final reply as a continuation of what was shown: the streamed text can differ from the final
 * one only where a partial parse differed, so the rest after their common start is added.
 */
function continued(shown: string, reply: string): string {
  if (reply.startsWith(shown)) return reply;
  let common = 0;
  while (common < shown.length && shown[common] === reply[common]) common++;
  return shown + reply.slice(common);
}

/** What was already shown, then more: the stored reply can only grow. */
function joined(shown: string, more: string): string {
  return shown.trim() ? `${shown.trimEnd()}\n\n${more}` : more;
}

/** Tells `onToolResult` of the tool results in a model request not told before (each request repeats the earlier ones). */
function tellToolResults(
  req: GenerateRequest,
  told: Set<string>,
  onToolResult: (name: string, output: unknown) => void,
): void {
  req.messages.forEach((message, m) =>
    message.content.forEach((part, p) => {
      const result = part.toolResponse;
      const key = `${result?.ref ?? ''}:${m}:${p}`;
      if (!result || told.has(key)) return;
      told.add(key);
      onToolResult(result.name, result.output);
    }),
  );
}
