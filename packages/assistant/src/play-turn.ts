/**
 * Whole turns through the shared interface: the rule-based assistant and the scenario engine compute
 * a turn at once, and `playTurn` writes it the same way on every chat service — effects first (a
 * failing step writes no message, but is remembered as played), then the reply whole (the service reveals it at the turn's pace),
 * its smart replies, the interrupt, what to remember, and what it passes to the business's team.
 */
import type { Assistant, AssistantTurn, ReplyWriter, TurnAssistant, TurnEffects } from './assistant-types.js';

export async function playTurn(turn: AssistantTurn, writer: ReplyWriter): Promise<void> {
  const { reply, smartReplies, interrupt, memory, passToTeam, ...effects } = turn;
  // Remembered first: a step that fails still counts as played, so the visitor's retry moves on.
  if (memory) writer.remember(memory);
  if (hasEffects(effects)) await writer.applyEffects(effects);
  if (reply) await writer.append(reply);
  if (smartReplies && smartReplies.length > 0) writer.setSmartReplies(smartReplies);
  if (interrupt) writer.interrupt(interrupt);
  if (passToTeam) writer.passToTeam(passToTeam);
}

function hasEffects(effects: TurnEffects): boolean {
  return Object.values(effects).some((value) => value !== undefined);
}

/** A TurnAssistant as an Assistant. */
export function turnAssistant(brain: TurnAssistant): Assistant {
  return { respond: (input, writer) => playTurn(brain.respond(input), writer) };
}
