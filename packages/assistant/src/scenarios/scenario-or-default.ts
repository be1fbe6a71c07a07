/**
 * The assistant a chat service talks to: the conversation's scenario when it plays one, else the
 * service's default assistant (the built-in one, or a language model). Which scenario a conversation
 * plays is the service's decision: the mock server's bindings (control API, fixtures, inline
 * businesses), the production service's configuration.
 */
import type { Assistant, AssistantInput } from '../assistant-types.js';
import { playTurn } from '../play-turn.js';
import type { BoundScenario } from './scenario-engine.js';
import { playScenario } from './scenario-engine.js';

export function scenarioOrDefault(options: {
  /** The scenario the turn's conversation plays, or null. */
  scenarioFor(input: AssistantInput): BoundScenario | null;
  fallback: Assistant;
}): Assistant {
  return {
    respond(input, writer) {
      const bound = options.scenarioFor(input);
      return bound ? playTurn(playScenario(bound, input), writer) : options.fallback.respond(input, writer);
    },
  };
}
