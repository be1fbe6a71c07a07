/**
 * `demo check`'s visitor: plays one scenario against a running mock server through the same HTTP
 * and socket client the chat page uses (@chat/local) — new conversation, bound to the scenario
 * through the control API, then each step along the script's path: the visitor's message (or
 * booking update, or answer to the verification box), the phone verification when asked (bot check,
 * code sent, code read from the control API, verified, resumed), and a check of what came back
 * against what the step says. One result per step; nothing here throws for a failed expectation.
 */
import { newMessageId } from '@chat/core';
import {
  bookingUpdateMessage,
  isAuthMessage,
  isChatEnabled,
  isOutsideBusinessHours,
  PHONE_SIGN_IN_TOOL,
  ProviderError,
  SMART_REPLY_TEXT,
  UI_TEXT,
} from '@chat/core';
import type { Business, ChatInterrupt, ChatResponse, Message, ToolRequest } from '@chat/core';
import { createLocalBackend } from '@chat/local';
import type { ScenarioFile, Step } from '@chat/assistant';
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

interface Conversation {
  businessId: string;
  conversationId: string;
}

export async function rehearseScenario(
  control: ControlClient,
  scenarioId: string,
  scenario: ScenarioFile,
): Promise<Rehearsal> {
  const backend = createLocalBackend({ serverUrl: control.serverUrl });
  const results: StepResult[] = [];
  let conversationId: string | null = null;
  try {
    const businessId = typeof scenario.business === 'string' ? scenario.business : scenario.business.id;
    const business = await backend.data.getBusinessById(businessId);
    if (!business) {
      results.push(failed('business', [`business ${businessId} is not on the server`]));
      return { scenarioId, conversationId, results, ok: false };
    }
    const outside = isOutsideBusinessHours(business, Date.now());
    const conversation = await backend.data.createConversation({
      businessId,
      userId: null,
      userType: 'anonymous',
      isOutsideBusinessHours: outside,
    });
    conversationId = conversation.id;
    await control.send('PUT', `/control/conversations/${conversation.id}/scenario`, { scenario: scenarioId });
    results.push({
      label: 'business',
      ok: true,
      transcript: [
        `${business.businessName} (${business.verification.status}${outside ? ', outside its hours now' : ''})`,
      ],
      problems: [],
    });
    const visitor = new Visitor(
      backend,
      control,
      business,
      { businessId, conversationId: conversation.id },
      scenario,
    );
    if (!isChatEnabled(business)) {
      results.push(await visitor.expectChatRefused());
    } else {
      await visitor.listen();
      for (const index of pathThrough(scenario.steps)) results.push(await visitor.play(index));
      if (!scenario.steps.some((step) => 'anything' in step.when))
        results.push(await visitor.expectFallback());
    }
  } catch (error) {
    results.push(failed('rehearsal', [error instanceof Error ? error.message : String(error)]));
  } finally {
    backend.close?.();
  }
  return { scenarioId, conversationId, results, ok: results.every((r) => r.ok) };
}

/** The steps in the order the script plays them: one after another, following each goto once. */
export function pathThrough(steps: readonly Step[]): number[] {
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

export function stepLabel(steps: readonly Step[], index: number): string {
  const id = steps[index]?.id;
  return `step ${index + 1}${id ? ` (${id})` : ''}`;
}

function failed(label: string, problems: string[]): StepResult {
  return { label, ok: false, transcript: [], problems };
}

class Visitor {
  private messages: Message[] = [];
  private streamError: ProviderError | null = null;
  private stopListening: (() => void) | null = null;
  private changed: (() => void) | null = null;
  private pendingInterrupt: ChatInterrupt | null = null;
  private idToken: string | null = null;

  constructor(
    private readonly backend: ReturnType<typeof createLocalBackend>,
    private readonly control: ControlClient,
    private readonly business: Business,
    private readonly where: Conversation,
    private readonly scenario: ScenarioFile,
  ) {}

  /** Subscribes to the conversation's live messages, as the page does when it opens (or refreshes). */
  async listen(): Promise<void> {
    this.stopListening?.();
    this.streamError = null;
    let first!: () => void;
    const ready = new Promise<void>((resolve) => (first = resolve));
    this.stopListening = this.backend.data.subscribeToMessages(this.where.conversationId, {
      next: (messages) => {
        this.messages = messages;
        first();
        this.changed?.();
      },
      error: (error) => {
        this.streamError = error;
        first();
        this.changed?.();
      },
    });
    await ready;
  }

  /** Waits until `condition` holds on the live messages (or the stream's error), up to a deadline. */
  private async until<T>(what: string, condition: () => T | null): Promise<T> {
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    for (;;) {
      const value = condition();
      if (value !== null) return value;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out after ${STEP_TIMEOUT_MS / 1000} s waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.changed = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  async play(index: number): Promise<StepResult> {
    const step = this.scenario.steps[index]!;
    const result: StepResult = {
      label: stepLabel(this.scenario.steps, index),
      ok: true,
      transcript: [],
      problems: [],
    };
    const problem = (text: string) => result.problems.push(text);
    try {
      const before = this.messages.length;
      let response: ChatResponse | ProviderError;
      if ('resume' in step.when) {
        const interrupt = this.pendingInterrupt;
        if (!interrupt) {
          problem('no verification box is open to answer (an earlier step must raise an interrupt)');
          return done(result);
        }
        this.pendingInterrupt = null;
        if (step.when.resume === 'PHONE_SIGN_IN') {
          result.transcript.push(...(await this.verifyPhone()));
          response = await this.resume(interrupt.toolRequest, false);
        } else {
          result.transcript.push('visitor: (taps "Verify later")');
          response = await this.resume(interrupt.toolRequest, true);
        }
      } else {
        const text = visitorText(step);
        result.transcript.push(`visitor: ${text}`);
        await this.backend.data.addMessage(this.where.conversationId, {
          id: newMessageId(),
          role: 'user',
          text,
        });
        response = await this.send(text);
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

      if (step.requireSignIn && !this.idToken) {
        const interrupt = this.expectInterrupt(response, step.requireSignIn, problem);
        result.transcript.push(`assistant: (asks to verify) ${step.requireSignIn}`);
        if (!interrupt) return done(result);
        result.transcript.push(...(await this.verifyPhone()));
        response = await this.resume(interrupt.toolRequest, false);
        if (response instanceof ProviderError) {
          problem(`the resume after verification failed: ${response.message}`);
          return done(result);
        }
      } else if (step.interrupt) {
        this.pendingInterrupt = this.expectInterrupt(response, step.interrupt, problem);
        result.transcript.push(`assistant: (asks to verify) ${step.interrupt}`);
      }
      await this.expectStep(index, problem);

      if (step.dropStream) {
        await this.until('the live stream to fail', () => this.streamError);
        result.transcript.push(
          `assistant: (live stream drops: ${this.streamError!.code}) — visitor refreshes`,
        );
        await this.listen();
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
      `/control/conversations/${this.where.conversationId}/scenario`,
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
    await pending.confirm(code);
    this.idToken = await this.backend.auth.getIdToken();
    lines.push(`visitor: (types the code ${code}: signed in)`);
    return lines;
  }

  private common() {
    return {
      conversationId: this.where.conversationId,
      businessId: this.where.businessId,
      profileId: this.where.businessId,
      userTimezone: TIMEZONE,
    };
  }

  private async send(message: string): Promise<ChatResponse | ProviderError> {
    return this.backend.chat
      .send({ ...this.common(), message }, { idToken: this.idToken })
      .catch(asProviderError);
  }

  /**
   * The visitor's answer to the verification box, as the page gives it: first written down in the
   * conversation (decision 0010: the declining smart reply as the visitor's message, or the
   * verified notice), then sent to the chat service. `demo record` reads the answer from there.
   */
  private async resume(toolRequest: ToolRequest, declined: boolean): Promise<ChatResponse | ProviderError> {
    await this.backend.data.addMessage(
      this.where.conversationId,
      declined
        ? { id: newMessageId(), role: 'user', text: SMART_REPLY_TEXT.verifyLater }
        : { id: newMessageId(), role: 'system', type: 'system', text: UI_TEXT.phoneVerified },
    );
    const response = declined
      ? {
          requiresAuth: true,
          action: 'PHONE_SIGN_IN_DECLINED' as const,
          message: SMART_REPLY_TEXT.verifyLater,
          declined: true,
        }
      : { requiresAuth: true, action: 'PHONE_SIGN_IN' as const, message: UI_TEXT.authSuccessfulResume };
    return this.backend.chat
      .resume(
        { ...this.common(), resume: { respond: [{ toolRequest, response }] } },
        { idToken: this.idToken },
      )
      .catch(asProviderError);
  }

  async expectFallback(): Promise<StepResult> {
    const result: StepResult = { label: 'fallback', ok: true, transcript: [], problems: [] };
    try {
      const text = 'Something no step of this scenario expects (demo check)';
      result.transcript.push(`visitor: ${text}`);
      const before = this.messages.length;
      await this.backend.data.addMessage(this.where.conversationId, {
        id: newMessageId(),
        role: 'user',
        text,
      });
      const response = await this.send(text);
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

  /** A business that is not approved: the page disables the chat, and the chat service refuses it too. */
  async expectChatRefused(): Promise<StepResult> {
    const result: StepResult = { label: 'chat disabled', ok: true, transcript: [], problems: [] };
    const response = await this.send('Hello?');
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
