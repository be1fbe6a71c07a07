/**
 * The language-model assistant: a third implementation of the assistant interface (beside the
 * built-in rules and the scripted scenarios), built on Genkit. It answers from the business only,
 * through tools that read it (./business-tools.ts), in the visitor's language, with 2–4 follow-ups
 * from the model's structured output, streaming the reply as the model writes it.
 *
 * Code, never the model, decides the phone check: an anonymous visitor's booking request gets the
 * requestPhoneSignIn interrupt before the model is asked (./booking-guard.ts); the one booking tool
 * interrupts unless the request carried a verified identity (./booking-tool.ts); and a reply that
 * claims a booking change is never shown (./reply-text.ts).
 *
 * Limits (./assistant-settings.ts): output tokens per reply, visitor turns per conversation, model
 * calls per reply and per business per day (through a ModelCallBudget the server stores), and a
 * timeout. A model error, a timeout, malformed output or the day's budget spent is answered by the
 * built-in rules assistant from the same business facts, and logged; the turns-per-conversation
 * limit gives a polite reply with 'Contact Support'. The booking-update link (`?i=`) is answered as the
 * built-in assistant answers it. Stateless: everything comes from the input and the budget.
 */
import type { Message } from '@chat/core';
import { isBookingUpdate, SMART_REPLY_TEXT } from '@chat/core';
import type { MessageData, ModelArgument } from 'genkit';
import type { GenkitBeta } from 'genkit/beta';
import { LIMITS } from './assistant-settings.js';
import { bookingRequestKind } from './booking-guard.js';
import { DECLINED } from './booking-tool.js';
import { defineBusinessTools } from './business-tools.js';
import type { Assistant, AssistantInput, AssistantTurn, ReplyWriter } from '@chat/assistant';
import { createBuiltInAssistant, interruptRef } from '@chat/assistant';
import { defineChatTurnFormat } from './chat-turn-format.js';
import { appendParts, historyMessages } from './history-messages.js';
import type { ModelCallBudget } from './model-call-budget.js';
import { generateReply } from './generate-reply.js';
import type { Shared } from './generate-reply.js';
import { HANDOFF_TOOL } from './hand-off-tool.js';
import { handOffCheckTurn, interruptedBookingRequest, phoneCheckTurn } from './phone-check-turns.js';
import { textsFor } from './visitor-language.js';

export type Limits = { -readonly [K in keyof typeof LIMITS]: number };

/** Where problems go: pino's shape, so the servers pass their logger. */
export interface AssistantLogger {
  warn(details: object, message: string): void;
}

export interface LlmAssistantOptions {
  /** A Genkit instance from genkit/beta; the assistant registers its tools and format on it once. */
  ai: GenkitBeta;
  /** The model to call: a name such as 'openai/gpt-4o-mini', or a model action (tests). */
  model: ModelArgument;
  /** The config that caps a reply's output tokens for this model (ModelRuntime.outputLimit); Genkit's maxOutputTokens when absent. */
  outputLimit?: (maxOutputTokens: number) => Record<string, number>;
  budget: ModelCallBudget;
  logger: AssistantLogger;
  /** Where the model is reached (a base URL), named in the log line of a failed call. */
  endpoint?: string;
  /** Overrides of assistant-settings.ts's LIMITS (tests, the evaluation). */
  limits?: Partial<Limits>;
  /**
   * Told of each tool result the model is given, once per result (the evaluation checks which tools
   * ran). A tool that interrupted (the phone check) gave no result.
   */
  onToolResult?: (name: string, output: unknown) => void;
}

/** Told each time the reply grows; each text extends the one before. */
export interface ReplyListener {
  onText(textSoFar: string): void;
}

/** The shared Assistant (respond through the service's ReplyWriter), and the turn behind it. */
export interface LlmAssistant extends Assistant {
  /**
   * The assistant's turn for one message or resume. While the model writes, `listener` hears the
   * reply so far; the turn's reply always extends the last text it heard.
   */
  turn(input: AssistantInput, listener?: ReplyListener): Promise<AssistantTurn>;
}

export function createLlmAssistant(options: LlmAssistantOptions): LlmAssistant {
  const limits: Limits = { ...LIMITS, ...options.limits };
  const tools = defineBusinessTools(options.ai);
  defineChatTurnFormat(options.ai);
  const builtIn = createBuiltInAssistant();
  // The rules assistant answers whatever the model cannot (an error, a timeout, the day's budget spent).
  const shared: Shared = { ...options, limits, tools, rules: builtIn };

  const assistant: LlmAssistant = {
    respond: (input, writer) => writeStreamedTurn(assistant, input, writer),
    async turn(input, listener) {
      if (input.request.kind === 'message') {
        const text = input.request.text;
        if (isBookingUpdate(text)) return builtIn.respond(input);
        if (visitorTurns(input.history) > limits.maxTurnsPerConversation) {
          options.logger.warn(
            { conversationId: input.conversation.id },
            'assistant: turns per conversation reached',
          );
          return limitTurn(text);
        }
        const kind = bookingRequestKind(text);
        if (kind && !input.signedIn) {
          return phoneCheckTurn({ request: { kind }, ref: interruptRef(input), visitorText: text });
        }
        return generateReply(shared, {
          input,
          messages: historyMessages(input.history),
          visitorText: text,
          listener,
        });
      }
      return respondToResume(shared, input, listener);
    },
  };
  return assistant;
}

/**
 * Writes a turn through the service's writer as it is made: each sentence the listener hears is
 * appended in order while the model goes on, then the rest of the reply, its smart replies and the
 * interrupt. A failed append fails the turn once the model is done (nothing more is written).
 */
async function writeStreamedTurn(assistant: LlmAssistant, input: AssistantInput, writer: ReplyWriter) {
  let written = '';
  let appending: Promise<void> = Promise.resolve();
  const turn = await assistant.turn(input, {
    onText(textSoFar) {
      const more = textSoFar.slice(written.length);
      if (!more) return;
      written = textSoFar;
      appending = appending.then(() => writer.append(more));
      // Awaited below; until then a failure must not count as unhandled.
      appending.catch(() => undefined);
    },
  });
  await appending;
  const rest = turn.reply.slice(written.length);
  if (rest) await writer.append(rest);
  if (turn.smartReplies && turn.smartReplies.length > 0) writer.setSmartReplies(turn.smartReplies);
  if (turn.interrupt) writer.interrupt(turn.interrupt);
  if (turn.passToTeam) writer.passToTeam(turn.passToTeam);
}

type ResumeRequest = Extract<AssistantInput['request'], { kind: 'resume' }>;

/**
 * After the phone check. Verified: the booking tool runs again (Genkit's restart) and, finding the
 * verified identity this time, passes the request on. Declined: the tool answers 'declined' (its
 * respond()), with what the visitor chose instead. Either way the model then writes the reply.
 */
async function respondToResume(shared: Shared, input: AssistantInput, listener?: ReplyListener) {
  const request = input.request as ResumeRequest;
  const declined = request.declined || request.action === 'PHONE_SIGN_IN_DECLINED';
  const { before, after } = splitAtInterrupt(input.history, request.toolRequest.ref);
  const visitorSaid = lastVisitorText(after);
  const visitorText = visitorSaid ?? lastVisitorText(before) ?? '';
  const part = interruptedBookingRequest(request.toolRequest);
  const messages = historyMessages(before);
  if (!part) {
    // Not the booking tool's interrupt (a demo staffer raised it): the model hears what happened.
    appendParts(messages, 'user', [
      {
        text: declined
          ? '(I would rather not verify my phone number now.)'
          : '(I have verified my phone number.)',
      },
    ]);
    if (visitorSaid) appendParts(messages, 'user', [{ text: visitorSaid }]);
    return generateReply(shared, { input, messages, visitorText, listener });
  }
  const handOff = part.toolRequest.name === HANDOFF_TOOL;
  if (!declined && !input.signedIn) {
    // The route checks the token; should an unverified resume still arrive, ask again rather than act.
    const ref = interruptRef(input);
    return handOff
      ? handOffCheckTurn({ request: part.toolRequest.input as { summary: string }, ref, visitorText })
      : phoneCheckTurn({
          request: part.toolRequest.input as { kind: 'book' | 'reschedule' | 'cancel'; details?: string },
          ref,
          visitorText,
        });
  }
  appendParts(messages, 'model', [part]);
  const tool = handOff ? shared.tools.handOffToTeam : shared.tools.requestBookingChange;
  const resume = declined
    ? { respond: [tool.respond(part, { ...DECLINED, ...(visitorSaid ? { visitorSaid } : {}) })] }
    : { restart: [tool.restart(part)] };
  return generateReply(shared, { input, messages, resume, visitorText, listener });
}

/** The history before the interrupt's auth message, and after it (what the visitor chose). */
function splitAtInterrupt(
  history: Message[],
  ref: string | undefined,
): { before: Message[]; after: Message[] } {
  let index = -1;
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i]!;
    if (message.type === 'auth' && (ref === undefined || message.toolRequest?.ref === ref)) {
      index = i;
      break;
    }
  }
  return index === -1
    ? { before: history, after: [] }
    : { before: history.slice(0, index), after: history.slice(index + 1) };
}

function lastVisitorText(messages: readonly Message[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]!;
    if (message.role === 'user' && message.text.trim()) return message.text.trim();
  }
  return null;
}

function visitorTurns(history: readonly Message[]): number {
  return history.filter((m) => m.role === 'user' && m.text.trim() !== '').length;
}

/** A limit was reached: a polite reply with 'Contact Support', never an error. */
export function limitTurn(visitorText: string): AssistantTurn {
  return {
    reply: textsFor(visitorText).limitReached,
    smartReplies: [SMART_REPLY_TEXT.contactSupport, SMART_REPLY_TEXT.startNewChat],
  };
}

export type { MessageData };
