/** The language-model assistant through the shared interface: Assistant.respond(input, ReplyWriter). */
import type { ReplyWriter, TurnInterrupt } from '@chat/assistant';
import type { SmartReply } from '@chat/core';
import { PHONE_SIGN_IN_TOOL } from '@chat/core';
import { describe, expect, it } from 'vitest';
import { messageInput, scriptedAssistant, turnJson } from './test-support.js';

/** A writer that records every call, as the chat services' writers receive them. */
function recordingWriter() {
  const calls: Array<[string, unknown]> = [];
  const writer: ReplyWriter = {
    applyEffects: async (effects) => void calls.push(['applyEffects', effects]),
    append: async (text) => void calls.push(['append', text]),
    setSmartReplies: (replies: Array<string | SmartReply>) => void calls.push(['setSmartReplies', replies]),
    interrupt: (interrupt: TurnInterrupt) => void calls.push(['interrupt', interrupt]),
    remember: (memory) => void calls.push(['remember', memory]),
    passToTeam: (request) => void calls.push(['passToTeam', request]),
  };
  return { writer, calls };
}

describe('respond(input, writer)', () => {
  it('appends the reply sentence by sentence while the model writes, then the rest and the follow-ups', async () => {
    const full = turnJson('First sentence. Second one! Last', ['A?', 'B?']);
    const { assistant } = scriptedAssistant((_request, { sendChunk }) => {
      for (let i = 0; i < full.length; i += 4) sendChunk(full.slice(i, i + 4));
      return { text: full };
    });
    const { writer, calls } = recordingWriter();
    await assistant.respond(messageInput('tell me'), writer);
    expect(calls).toEqual([
      ['append', 'First sentence.'],
      ['append', ' Second one!'],
      ['append', ' Last'],
      ['setSmartReplies', ['A?', 'B?']],
    ]);
  });

  it('an anonymous booking request: a short lead-in, then the phone sign-in interrupt and §4’s two replies', async () => {
    const { assistant } = scriptedAssistant(turnJson('Booked!'));
    const { writer, calls } = recordingWriter();
    await assistant.respond(messageInput('Can I book an appointment for Saturday?'), writer);
    expect(calls.map(([name]) => name)).toEqual(['append', 'setSmartReplies', 'interrupt']);
    expect(calls[1]![1]).toEqual([
      { type: 'system', text: 'Verify later' },
      { type: 'system', text: 'Need more info about services' },
    ]);
    expect((calls[2]![1] as TurnInterrupt).toolRequest.name).toBe(PHONE_SIGN_IN_TOOL);
  });
});
