/**
 * The scenario files as the CLI sees them: the same folder and loader the mock server uses. A
 * folder that is not there is an error (a mistyped --dir must not read as "no scenarios"). With
 * `checkBusinesses`, a scenario whose business is neither a fixture's nor brought inline by a
 * scenario is invalid too: the server (started from the fixtures) could not play it; so is one with
 * steps on a fixture that is not approved (business-readiness.ts). Only the CLI
 * does this: a running server may have been given more businesses through the control API.
 */
import path from 'node:path';
import {
  businessIdOf,
  createScenarioLibrary,
  scenariosFolderProblem,
  unknownScenarioMessage,
} from '@chat/assistant';
import type { ScenarioFile, ScenarioLibrary, ScenarioListing } from '@chat/assistant';
import { DEFAULT_SCENARIOS_DIR, loadFixtures } from '@chat/mock-server/scenarios';
import { pino } from 'pino';
import { fixtureUnplayableReason } from './business-readiness.js';
import { unknownBusinessMessage } from './unknown-business.js';
import { CliError } from './terminal.js';

export interface ScenarioFiles {
  dir: string;
  list(): ScenarioListing[];
  /** The valid scenario with this id; a CliError naming the closest id or the file's problems otherwise. */
  valid(id: string): ScenarioFile;
  /** Whether a scenario of this id is in the folder (valid or not). */
  has(id: string): boolean;
}

export function readScenarioFiles(
  dir: string = DEFAULT_SCENARIOS_DIR,
  options: { checkBusinesses?: boolean } = {},
): ScenarioFiles {
  const folder = path.resolve(dir);
  const problem = scenariosFolderProblem(folder, '--dir');
  if (problem) throw new CliError(problem);
  const library = openScenarioLibrary(folder);
  const scenarios = new Map<string, ScenarioFile>();
  for (const listing of library.list()) {
    const scenario = library.get(listing.id);
    if (scenario && listing.valid) scenarios.set(listing.id, scenario);
  }
  const listings = options.checkBusinesses
    ? withBusinessesChecked(library.list(), scenarios)
    : library.list();
  return {
    dir: folder,
    list: () => listings,
    has: (id) => listings.some((s) => s.id === id),
    valid(id) {
      const listing = listings.find((s) => s.id === id);
      if (!listing)
        throw new CliError(
          unknownScenarioMessage(
            id,
            listings.map((s) => s.id),
          ),
        );
      if (!listing.valid)
        throw new CliError(`Scenario "${id}" is not valid:\n  ${listing.errors.join('\n  ')}`);
      return scenarios.get(id)!;
    },
  };
}

/** The folder's scenarios as the server loads them, read once (no watching, nothing logged). */
export function openScenarioLibrary(dir: string): ScenarioLibrary {
  return createScenarioLibrary({
    dir,
    logger: pino({ level: 'silent' }),
    watch: false,
    fixedBusinesses: loadFixtures().businesses,
  });
}

/** Marks invalid the scenarios that name a business the server would not have. */
function withBusinessesChecked(
  listings: ScenarioListing[],
  scenarios: Map<string, ScenarioFile>,
): ScenarioListing[] {
  const fixtures = loadFixtures().businesses;
  const known = [
    ...fixtures.map((business) => business.id),
    ...[...scenarios.values()].flatMap((s) => (typeof s.business === 'object' ? [businessIdOf(s)] : [])),
  ];
  return listings.map((listing) => {
    const scenario = scenarios.get(listing.id);
    if (!scenario || !listing.valid) return listing;
    const id = businessIdOf(scenario);
    const unplayable = fixtureUnplayableReason(scenario, fixtures);
    if (unplayable)
      return { ...listing, valid: false, errors: [`${listing.file}, field business: ${unplayable}`] };
    if (known.includes(id)) return listing;
    return {
      ...listing,
      valid: false,
      errors: [`${listing.file}, field business: ${unknownBusinessMessage(id, fixtures, known)}`],
    };
  });
}
