/**
 * Which scenario the production service plays, from CHAT_SCENARIOS: each named scenario of the
 * SCENARIOS_DIR folder plays for every conversation of the business it names (its `business` field,
 * a business id or an inline business, which must exist in Firestore). So a demo rehearsed with
 * `npm run demo -- check` plays the same on Firebase. Read once at start; the folder is not watched.
 */
import { businessIdOf, createScenarioLibrary, scenarioOrDefault } from '@chat/assistant';
import type { Assistant, BoundScenario } from '@chat/assistant';
import type { Logger } from 'pino';

export class ScenarioConfigError extends Error {}

/** `fallback` for every business, except those a chosen scenario names. Throws ScenarioConfigError. */
export function assistantWithScenarios(options: {
  dir: string | null;
  scenarioIds: readonly string[];
  fallback: Assistant;
  logger: Logger;
}): Assistant {
  const { dir, scenarioIds, fallback, logger } = options;
  if (scenarioIds.length === 0) return fallback;
  if (!dir)
    throw new ScenarioConfigError('CHAT_SCENARIOS: needs SCENARIOS_DIR, the folder of the scenario files');
  const library = createScenarioLibrary({ dir, logger, watch: false });
  const byBusiness = new Map<string, BoundScenario>();
  for (const id of scenarioIds) {
    const scenario = library.get(id);
    if (!scenario) {
      const listing = library.list().find((entry) => entry.id === id);
      const why = listing ? listing.errors.join('; ') : `there is no ${id}.yaml in ${library.dir}`;
      throw new ScenarioConfigError(`CHAT_SCENARIOS: scenario "${id}" cannot be played: ${why}`);
    }
    const businessId = businessIdOf(scenario);
    const taken = byBusiness.get(businessId);
    if (taken) {
      throw new ScenarioConfigError(
        `CHAT_SCENARIOS: "${taken.id}" and "${id}" both play for business ${businessId}; keep one`,
      );
    }
    byBusiness.set(businessId, { id, scenario });
  }
  return scenarioOrDefault({ scenarioFor: (input) => byBusiness.get(input.business.id) ?? null, fallback });
}
