/**
 * Plays one evaluation case through an assistant as the chat route would: the case's earlier turns
 * first (each reply, and the phone check's auth message, joins the history), then the judged turn —
 * a message, or the resume of the phone check the turn before raised.
 */
import type { AssistantInput, AssistantTurn } from '@chat/assistant';
import type { Business, Conversation, Message } from '@chat/core';
import type { EvalCase, Scripted } from './eval-cases.js';

export interface CasePlayer {
  /** One turn of the assistant under evaluation. */
  respond(input: AssistantInput): Promise<AssistantTurn>;
  /** Called before each turn with how the scripted server should play it (scripted runs only). */
  beforeTurn?(scripted: Scripted, judged: boolean): void;
}

/** The judged turn; null with the reason when the case could not be played as written. */
export async function playCase(
  evalCase: EvalCase,
  business: Business,
  player: CasePlayer,
): Promise<{ turn: AssistantTurn } | { problem: string }> {
  const nowMs = Date.parse(evalCase.at);
  const history: Message[] = [];
  const add = (message: Omit<Message, 'id' | 'createdAt'>) =>
    history.push({ ...message, id: `m${history.length + 1}`, createdAt: nowMs + history.length } as Message);
  const base = {
    business,
    conversation: conversationOf(business, nowMs),
    nowMs,
    userTimezone: evalCase.userTimezone ?? businessZone(business),
    memory: null,
  };
  let previous: AssistantTurn | null = null;
  for (const step of evalCase.before ?? []) {
    player.beforeTurn?.(step.scripted, false);
    add({ role: 'user', text: step.visitor });
    previous = await player.respond({
      ...base,
      history: [...history],
      signedIn: step.signedIn ?? false,
      request: { kind: 'message', text: step.visitor },
    });
    if (previous.reply) add({ role: 'model', text: previous.reply });
    if (previous.interrupt) {
      add({
        role: 'model',
        text: previous.interrupt.message,
        type: 'auth',
        toolRequest: previous.interrupt.toolRequest,
      });
    }
  }
  player.beforeTurn?.(evalCase.scripted, true);
  if (evalCase.resume) {
    const interrupt = previous?.interrupt;
    if (!interrupt) return { problem: 'the turn before raised no phone check to resume' };
    const verified = evalCase.resume === 'verified';
    // Declining, the page saves the smart reply the visitor chose before it resumes.
    if (!verified) add({ role: 'user', text: evalCase.visitor });
    const turn = await player.respond({
      ...base,
      history: [...history],
      signedIn: verified,
      request: {
        kind: 'resume',
        action: verified ? 'PHONE_SIGN_IN' : 'PHONE_SIGN_IN_DECLINED',
        declined: !verified,
        toolRequest: interrupt.toolRequest,
      },
    });
    return { turn };
  }
  add({ role: 'user', text: evalCase.visitor });
  const turn = await player.respond({
    ...base,
    history: [...history],
    signedIn: evalCase.signedIn ?? false,
    request: { kind: 'message', text: evalCase.visitor },
  });
  return { turn };
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
