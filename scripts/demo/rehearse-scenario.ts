/**
 * `demo check`'s visitor: plays one scenario against a running mock server through the same
 * ChatSession (@chat/session) over the same client (@chat/local) as the chat page — so a rehearsal
 * is exactly what the page does, lastMessage included — new conversation, bound to the scenario
 * through the control API, then each step along the script's path: the visitor's message (or
 * booking update, or answer to the verification box), the phone verification when asked (bot check,
 * code sent, code read from the control API, verified, resumed), and a check of what came back
 * against what the step says. One result per step; nothing here throws for a failed expectation.
 */
import {
  bookingUpdateMessage,
  isAuthMessage,
  isChatEnabled,
  isOutsideBusinessHours,
  PHONE_SIGN_IN_TOOL,
  ProviderError,
  SMART_REPLY_TEXT,
  storageOrMemory,
} from '@chat/core';
import type { Business, ChatResponse, ChatService, DataProvider, KeyValueStore, Message } from '@chat/core';
import { createLocalBackend } from '@chat/local';
import { businessIdOf } from '@chat/assistant';
import type { ScenarioFile, Step } from '@chat/assistant';
import { createChatSession, sendBody, type ChatSession } from '@chat/session';
import { unplayableReason } from './business-readiness.js';
import type { ControlClient } from './control-client.js';

/** How long one step may take before it counts as failed (typing delays and streaming included). */
const STEP_TIMEOUT_MS = 20_000;
const TIMEZONE = 'America/New_York';
const DEFAULT_PHONE = '+15555550100';

export interface StepResult {
  label: string;
  ok: boolean;
  /** The visitor's side, then the assistant's, as a person would read them. */
  transcript: string[];
  /** What did not go as the step says (empty when ok). */
  problems: string[];
}

export interface Rehearsal {
  scenarioId: string;
  conversationId: string | null;
  results: StepResult[];
  ok: boolean;
}

export async function rehearseScenario(
  control: ControlClient,
  scenarioId: string,
  scenario: ScenarioFile,
): Promise<Rehearsal> {
  const backend = createLocalBackend({ serverUrl: control.serverUrl });
  const results: StepResult[] = [];
  let conversationId: string | null = null;
  let visitor: Visitor | null = null;
  try {
    const businessId = businessIdOf(scenario);
    const business = await backend.data.getBusinessById(businessId);
    if (!business) {
      results.push(failed('business', [`business ${businessId} is not on the server`]));
      return { scenarioId, conversationId, results, ok: false };
    }
    const unplayable = unplayableReason(business, scenario);
    if (unplayable) {
      results.push(failed('business', [unplayable]));
      return { scenarioId, conversationId, results, ok: false };
    }
    const outside = isOutsideBusinessHours(business, Date.now());
    visitor = new Visitor(backend, control, business, scenario);
    const conversation = await visitor.open();
    conversationId = conversation;
    if (conversation !== null) {
      await control.send('PUT', `/control/conversations/${conversation}/scenario`, { scenario: scenarioId });
    }
    results.push({
      ...started('business'),
      transcript: [
        `${business.businessName} (${business.verification.status}${outside ? ', outside its business hours now (or it gives none): the conversation is flagged for the business; the page shows no notice' : ''})`,
      ],
    });
    if (!isChatEnabled(business)) {
      results.push(await visitor.expectChatRefused());
    } else {
      const path = pathThrough(scenario.steps);
      for (const index of path) results.push(await visitor.play(index));
      // Every step is played or named: a step no path reaches would pass unseen.
      scenario.steps.forEach((_step, index) => {
        if (!path.includes(index))
          results.push(
            failed(stepLabel(scenario.steps, index), [
              'not played: the steps before it lead elsewhere (a goto skips it); remove it or point a goto at its id',
            ]),
          );
      });
      if (!scenario.steps.some((step) => 'anything' in step.when))
        results.push(await visitor.expectFallback());
    }
  } catch (error) {
    results.push(failed('rehearsal', [error instanceof Error ? error.message : String(error)]));
  } finally {
    visitor?.close();
    backend.close?.();
  }
  return { scenarioId, conversationId, results, ok: results.every((r) => r.ok) };
}

/** The steps in the order the script plays them: one after another, following each goto once. */
function pathThrough(steps: readonly Step[]): number[] {
  const path: number[] = [];
  const seen = new Set<number>();
  let index = 0;
  while (index >= 0 && index < steps.length && !seen.has(index)) {
    seen.add(index);
    path.push(index);
    const step = steps[index]!;
    index = step.goto ? steps.findIndex((s) => s.id === step.goto) : index + 1;
  }
  return path;
}

function stepLabel(steps: readonly Step[], index: number): string {
  const id = steps[index]?.id;
  return `step ${index + 1}${id ? ` (${id})` : ''}`;
}

function started(label: string): StepResult {
  return { label, ok: true, transcript: [], problems: [] };
}

function failed(label: string, problems: string[]): StepResult {
  return { ...started(label), ok: false, problems };
}

class Visitor {
  private session: ChatSession;
  /** Every answer of the chat service (or its failure), oldest first, as the session got it. */
  private readonly answers: Array<ChatResponse | ProviderError> = [];
  private readonly chat: ChatService;
  /** The tab's storage: a refresh reopens the same conversation, as on the page. */
  private readonly storage: KeyValueStore = storageOrMemory(() => null);
  private conversationId = '';
  /** The conversations whose live stream has answered with its first list (the server listens). */
  private readonly listening = new Set<string>();

  constructor(
    private readonly backend: ReturnType<typeof createLocalBackend>,
    private readonly control: ControlClient,
    private readonly business: Business,
    private readonly scenario: ScenarioFile,
  ) {
    this.chat = recording(backend.chat, this.answers);
    this.session = this.newSession(undefined);
  }

  /** A session for the conversation `conversationId` names (undefined: a new one), as the page makes one. */
  private newSession(conversationId: string | undefined): ChatSession {
    const { auth } = this.backend;
    return createChatSession({
      data: noticingFirstLists(this.backend.data, this.listening),
      auth,
      chat: this.chat,
      business: this.business,
      storage: this.storage,
      conversationId,
      timeZone: TIMEZONE,
    });
  }

  /**
   * Opens the page: the conversation the session was made for (a new one; after a refresh, the one
   * it had), its id, listened to live — once the server has answered the
   * live stream, so a step that breaks the stream finds it open (the page shows a new conversation's
   * welcome before that, and a visitor types slower than the stream opens). A business that cannot be
   * chatted with gets no conversation (decision 0024): null.
   */
  async open(): Promise<string | null> {
    this.session.start();
    const state = await this.until('the conversation to open', () => {
      const { conversation, loaded } = this.session.getState();
      if (conversation.status === 'error') throw new Error(`the conversation failed: ${conversation.error}`);
      if (conversation.status === 'closed') return { id: null };
      return conversation.status === 'ready' && loaded && this.listening.has(conversation.conversation.id)
        ? conversation.conversation
        : null;
    });
    this.conversationId = state.id ?? '';
    return state.id;
  }

  close(): void {
    this.session.stop();
  }

  private get messages(): Message[] {
    return this.session.getState().stored;
  }

  /** Waits until `condition` holds on the session's state, up to a deadline. */
  private until<T>(what: string, condition: () => T | null): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const check = () => {
        try {
          const value = condition();
          if (value === null) return;
          finish();
          resolve(value);
        } catch (error) {
          finish();
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`timed out after ${STEP_TIMEOUT_MS / 1000} s waiting for ${what}`));
      }, STEP_TIMEOUT_MS);
      const stop = this.session.subscribe(check);
      const finish = () => {
        clearTimeout(timer);
        stop();
      };
      check();
    });
  }

  /** The chat service's answer after the first `count` ones. */
  private answerAfter(count: number): Promise<ChatResponse | ProviderError> {
    return this.until('the chat service to answer', () => this.answers[count] ?? null);
  }

  async play(index: number): Promise<StepResult> {
    const step = this.scenario.steps[index]!;
    const result = started(stepLabel(this.scenario.steps, index));
    const problem = (text: string) => result.problems.push(text);
    try {
      const before = this.messages.length;
      const answered = this.answers.length;
      let response: ChatResponse | ProviderError;
      if ('resume' in step.when) {
        if (!this.session.getState().interrupt) {
          problem('no verification box is open to answer (an earlier step must raise an interrupt)');
          return done(result);
        }
        if (step.when.resume === 'PHONE_SIGN_IN') {
          result.transcript.push(...(await this.verifyPhone()));
        } else {
          result.transcript.push(`visitor: (taps "${SMART_REPLY_TEXT.verifyLater}")`);
          await this.session.declineInterrupt({ type: 'system', text: SMART_REPLY_TEXT.verifyLater });
        }
        response = await this.answerAfter(answered);
      } else {
        const text = visitorText(step);
        result.transcript.push(`visitor: ${text}`);
        if (!(await this.session.send(text))) throw new Error('the message could not be saved');
        response = await this.answerAfter(answered);
      }

      if (step.fail !== undefined) {
        const status = response instanceof ProviderError ? response.status : 200;
        result.transcript.push(`assistant: (fails with HTTP ${status ?? '?'})`);
        if (status !== step.fail)
          problem(`expected the answer to fail with HTTP ${step.fail}, got ${status}`);
        await this.expectStep(index, problem);
        return done(result);
      }
      if (response instanceof ProviderError) {
        problem(`the chat service answered an error: ${response.message}`);
        return done(result);
      }

      if (step.requireSignIn && !this.backend.auth.currentUser()) {
        const interrupt = this.expectInterrupt(response, step.requireSignIn, problem);
        result.transcript.push(`assistant: (asks to verify) ${step.requireSignIn}`);
        if (!interrupt) return done(result);
        const resumed = this.answers.length;
        result.transcript.push(...(await this.verifyPhone()));
        response = await this.answerAfter(resumed);
        if (response instanceof ProviderError) {
          problem(`the resume after verification failed: ${response.message}`);
          return done(result);
        }
      } else if (step.interrupt) {
        this.expectInterrupt(response, step.interrupt, problem);
        result.transcript.push(`assistant: (asks to verify) ${step.interrupt}`);
      }
      await this.expectStep(index, problem);

      if (step.dropStream) {
        await this.until('the live stream to fail', () =>
          this.session.getState().alerts.some((a) => a.error === 'failedToListen') ? true : null,
        );
        result.transcript.push('assistant: (live stream drops) — visitor refreshes');
        // A refresh: a new session over the same tab storage reopens the same conversation.
        this.session.stop();
        this.session = this.newSession(this.conversationId);
        await this.open();
      }
      if (step.reply) {
        const expected = step.reply;
        const reply = await this.until(
          'the reply to arrive in full',
          () => this.messages.slice(before).find((m) => isAssistantReply(m) && m.text.trim() !== '') ?? null,
        );
        result.transcript.push(...indent('assistant: ', reply.text));
        if (reply.text.trim() !== expected.trim())
          problem(`the reply differs from the script:\n${reply.text}`);
      }
      if (step.smartReplies) {
        const got = (response.smartReplies ?? []).map((r) => (typeof r === 'string' ? r : r.text));
        result.transcript.push(`smart replies: ${got.join(' · ') || '(none)'}`);
        if (got.join('\n') !== step.smartReplies.join('\n')) {
          problem(`expected smart replies ${step.smartReplies.join(' · ')}`);
        }
      }
      if (step.moveClock) {
        const clock = await this.control.get<{ offsetMs: number }>('/control/clock');
        result.transcript.push(
          `clock: moved ${step.moveClock / 3_600_000} h (now ${clock.offsetMs / 3_600_000} h off)`,
        );
      }
    } catch (error) {
      problem(error instanceof Error ? error.message : String(error));
    }
    return done(result);
  }

  /** The control API says the engine ran this very step (and not another that matched first). */
  private async expectStep(index: number, problem: (text: string) => void): Promise<void> {
    const state = await this.control.get<{ progress: { lastStep: { index: number } | null } | null }>(
      `/control/conversations/${this.conversationId}/scenario`,
    );
    const ran = state.progress?.lastStep?.index ?? null;
    if (ran !== index) {
      problem(
        ran === null
          ? 'the fallback answered instead of this step (does the visitor text match its `when`?)'
          : `${stepLabel(this.scenario.steps, ran)} answered instead of this one (an earlier step matches first)`,
      );
    }
  }

  private expectInterrupt(response: ChatResponse, message: string, problem: (text: string) => void) {
    const interrupt = response.interrupts?.find((i) => i.toolRequest.name === PHONE_SIGN_IN_TOOL) ?? null;
    if (!interrupt) problem('expected the phone verification box, but no interrupt came');
    else if (interrupt.metadata?.interrupt?.message !== message) {
      problem(`the verification box says "${interrupt.metadata?.interrupt?.message}", not "${message}"`);
    }
    return interrupt;
  }

  /** The visitor's side of the phone verification: bot check, code sent, code read, verified. */
  private async verifyPhone(): Promise<string[]> {
    const phone = this.scenario.rehearsal?.phone ?? DEFAULT_PHONE;
    const lines = [`visitor: (verifies ${phone})`];
    const pending = await this.backend.auth.startPhoneVerification(phone, { botCheckAnchorId: 'demo-check' });
    const { code } = await this.control.get<{ code: string }>(
      `/control/otp?phone=${encodeURIComponent(phone)}`,
    );
    if (this.scenario.rehearsal?.wrongCodeFirst) {
      const wrong = code === '000000' ? '111111' : '000000';
      try {
        await pending.confirm(wrong);
        throw new Error(`the wrong code ${wrong} was accepted`);
      } catch (error) {
        if (!(error instanceof ProviderError) || error.code !== 'invalid-code') throw error;
        lines.push(`visitor: (types the wrong code ${wrong}: refused as ${error.code})`);
      }
    }
    const user = await pending.confirm(code);
    lines.push(`visitor: (types the code ${code}: signed in)`);
    // The phone widget's success: the session writes the notice and resumes the assistant.
    await this.session.answerInterrupt(user);
    return lines;
  }

  async expectFallback(): Promise<StepResult> {
    const result = started('fallback');
    try {
      const text = 'Something no step of this scenario expects (demo check)';
      result.transcript.push(`visitor: ${text}`);
      const before = this.messages.length;
      const answered = this.answers.length;
      if (!(await this.session.send(text))) throw new Error('the message could not be saved');
      const response = await this.answerAfter(answered);
      if (response instanceof ProviderError) throw response;
      const reply = await this.until(
        'the fallback reply',
        () => this.messages.slice(before).find(isAssistantReply) ?? null,
      );
      result.transcript.push(...indent('assistant: ', reply.text));
      if (reply.text.trim() !== this.scenario.fallback.reply.trim())
        result.problems.push('the reply is not the fallback');
    } catch (error) {
      result.problems.push(error instanceof Error ? error.message : String(error));
    }
    return done(result);
  }

  /**
   * A business that is not approved: the page disables the chat, and the server refuses it too — a
   * conversation with it, or (a server that made one) a message in it.
   */
  async expectChatRefused(): Promise<StepResult> {
    const result = started('chat disabled');
    if (this.conversationId !== '') {
      result.problems.push('the page opened a conversation for a business that cannot be chatted with');
      return done(result);
    }
    result.transcript.push('the page opens no conversation; its input and suggested questions are disabled');
    // The page sends nothing here: this asks the service directly, in a conversation made for the probe.
    const probe = await this.backend.data
      .createConversation({
        businessId: this.business.id,
        userId: null,
        userType: 'anonymous',
        isOutsideBusinessHours: false,
      })
      .catch(asProviderError);
    // Refused already, as firestore.rules refuse it: no conversation with a business that is not approved.
    if (probe instanceof ProviderError && probe.code === 'permission-denied') {
      result.transcript.push(
        `the server refuses a conversation with it (${probe.code}), as the page's disabled input shows`,
      );
      return done(result);
    }
    if (probe instanceof ProviderError) {
      result.problems.push(`the probe's conversation could not be made: ${probe.message}`);
      return done(result);
    }
    const response = await this.chat
      .send(sendBody(this.business, probe.id, 'Hello?', TIMEZONE))
      .catch(asProviderError);
    if (response instanceof ProviderError && response.code === 'permission-denied') {
      result.transcript.push(
        `the chat service refuses messages (${response.code}), as the page's disabled input shows`,
      );
    } else {
      result.problems.push(
        `expected the chat service to refuse a ${this.business.verification.status} business`,
      );
    }
    return done(result);
  }
}

function done(result: StepResult): StepResult {
  result.ok = result.problems.length === 0;
  return result;
}

function asProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  throw error;
}

/** What the visitor types (or the booking update the link sends) for a message step. */
function visitorText(step: Step): string {
  const { when } = step;
  if ('bookingUpdate' in when) return bookingUpdateMessage(step.visitor ?? String(when.bookingUpdate));
  if (step.visitor) return step.visitor;
  if ('text' in when) return when.text;
  if ('contains' in when) return when.contains;
  throw new Error('this step needs a `visitor` text to rehearse');
}

function indent(lead: string, text: string): string[] {
  return text.split('\n').map((line, i) => (i === 0 ? lead : ' '.repeat(lead.length)) + line);
}

/** A complete assistant reply; the stored auth message of an interrupt is not one (decision 0010). */
function isAssistantReply(message: Message): boolean {
  return message.role === 'model' && !isAuthMessage(message) && !message.streaming;
}

/** `data`, noting in `listening` each conversation whose live stream has delivered its first list. */
function noticingFirstLists(data: DataProvider, listening: Set<string>): DataProvider {
  return {
    ...data,
    subscribeToMessages: (conversationId, observer) =>
      data.subscribeToMessages(conversationId, {
        ...observer,
        next(messages) {
          listening.add(conversationId);
          observer.next(messages);
        },
      }),
  };
}

/** `chat` that also keeps every answer (or failure) in `answers`, for the steps to check. */
function recording(chat: ChatService, answers: Array<ChatResponse | ProviderError>): ChatService {
  const record = async (call: Promise<ChatResponse>) => {
    try {
      const response = await call;
      answers.push(response);
      return response;
    } catch (error) {
      answers.push(asProviderError(error));
      throw error;
    }
  };
  return {
    send: (body, options) => record(chat.send(body, options)),
    resume: (body, options) => record(chat.resume(body, options)),
  };
}
