/**
 * Issue 27: what the language-model assistant passes to the business's team. The booking tool stores
 * nothing itself: once it passed a verified visitor's request on, the turn carries passToTeam (the
 * visitor's own words, the model's one-line summary), which the chat service writes to the feed. The
 * hand-off tool does the same for a person, asking an anonymous visitor to verify first.
 */
import type { AssistantTurn } from '@chat/assistant';
import type { GenerateRequest } from 'genkit';
import { PHONE_SIGN_IN_TOOL } from '@chat/core';
import { describe, expect, it } from 'vitest';
import { TEXTS } from './assistant-settings.js';
import { message, messageInput, scriptedAssistant, turnJson } from './test-support.js';

/** A model that calls `tool` with `input` first, then answers once it has the tool's output. */
function callsTool(tool: string, input: object) {
  return (request: GenerateRequest) =>
    request.messages.at(-1)?.role === 'tool'
      ? turnJson('Done: the team has your request and will text you.')
      : { toolRequests: [{ name: tool, input, ref: 'call_1' }] };
}

function resumeAfter(turn: AssistantTurn, ask: ReturnType<typeof message>, signedIn: boolean) {
  const auth = message('model', turn.interrupt!.message, {
    type: 'auth',
    toolRequest: turn.interrupt!.toolRequest,
  });
  return {
    ...messageInput('', {
      history: [
        ask,
        message('model', turn.reply),
        auth,
        message('system', '✓ Phone number verified successfully'),
      ],
      signedIn,
    }),
    request: {
      kind: 'resume' as const,
      action: 'PHONE_SIGN_IN' as const,
      declined: false,
      toolRequest: turn.interrupt!.toolRequest,
    },
  };
}

describe('requests the language-model assistant passes to the team', () => {
  it('a verified visitor’s booking: passToTeam with their words and the model’s summary', async () => {
    const { assistant } = scriptedAssistant(
      callsTool('requestBookingChange', { kind: 'reschedule', summary: 'Move Friday haircut to Saturday' }),
    );
    const text = 'Could you move my Friday haircut to Saturday morning?';
    const turn = await assistant.turn(messageInput(text, { signedIn: true }));
    expect(turn.interrupt).toBeUndefined();
    expect(turn.passToTeam).toEqual({
      type: 'BOOKING_REQUEST',
      request: text,
      summary: 'Move Friday haircut to Saturday',
    });
  });

  it('an anonymous visitor’s booking passes nothing on until they verify; then the request in their words', async () => {
    const { assistant } = scriptedAssistant(
      callsTool('requestBookingChange', { kind: 'book', details: 'viernes 3pm' }),
    );
    const ask = message('user', '¿Me pueden dar hora el viernes a las 3?');
    const asked = await assistant.turn(messageInput(ask.text, { history: [ask] }));
    expect(asked.passToTeam).toBeUndefined();
    expect(asked.interrupt?.toolRequest.name).toBe(PHONE_SIGN_IN_TOOL);

    const verified = await assistant.turn(resumeAfter(asked, ask, true));
    expect(verified.passToTeam).toEqual({
      type: 'BOOKING_REQUEST',
      request: ask.text,
      summary: 'viernes 3pm',
    });
  });

  it('the hand-off tool asks an anonymous visitor to verify first, then hands off with the summary', async () => {
    const { assistant, model } = scriptedAssistant(
      callsTool('handOffToTeam', { summary: 'Wants a stylist’s advice on curly hair' }),
    );
    const ask = message('user', 'Can someone who knows curly hair call me?');
    const asked = await assistant.turn(messageInput(ask.text, { history: [ask] }));
    expect(asked.passToTeam).toBeUndefined();
    expect(asked.interrupt).toEqual({
      toolRequest: {
        name: PHONE_SIGN_IN_TOOL,
        ref: 'call_1',
        input: {
          reason: 'handoff',
          tool: 'handOffToTeam',
          summary: 'Wants a stylist’s advice on curly hair',
        },
      },
      message: TEXTS.en.verifyHandOff,
    });
    expect(asked.reply).toBe(TEXTS.en.handOffLead);

    const calls = model.requestCount;
    const unverified = await assistant.turn(resumeAfter(asked, ask, false));
    expect(unverified.interrupt?.toolRequest.name).toBe(PHONE_SIGN_IN_TOOL);
    expect(unverified.passToTeam).toBeUndefined();
    expect(model.requestCount).toBe(calls);

    const verified = await assistant.turn(resumeAfter(asked, ask, true));
    expect(verified.interrupt).toBeUndefined();
    expect(verified.passToTeam).toEqual({
      type: 'HANDOFF',
      request: ask.text,
      summary: 'Wants a stylist’s advice on curly hair',
    });
  });

  it('a reply that only says it passed something on passes nothing on', async () => {
    const { assistant } = scriptedAssistant(() => turnJson("I've let the team know, they'll call you."));
    const turn = await assistant.turn(messageInput('Can a person call me?', { signedIn: true }));
    expect(turn.passToTeam).toBeUndefined();
  });
});
