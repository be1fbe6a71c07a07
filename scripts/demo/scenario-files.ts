/** The scenario files as the CLI sees them: the same folder and loader the mock server uses. */
import path from 'node:path';
import {
  createScenarioLibrary,
  DEFAULT_SCENARIOS_DIR,
  unknownScenarioMessage,
} from '@chat/mock-server/scenarios';
import type { ScenarioFile, ScenarioListing } from '@chat/mock-server/scenarios';
import { pino } from 'pino';
import { CliError } from './terminal.js';

export interface ScenarioFiles {
  dir: string;
  list(): ScenarioListing[];
  /** The valid scenario with this id; a CliError naming the closest id or the file's problems otherwise. */
  valid(id: string): ScenarioFile;
}

export function readScenarioFiles(dir: string = DEFAULT_SCENARIOS_DIR): ScenarioFiles {
  const library = createScenarioLibrary({
    dir: path.resolve(dir),
    logger: pino({ level: 'silent' }),
    watch: false,
  });
  return {
    dir: path.resolve(dir),
    list: () => library.list(),
    valid(id) {
      const listing = library.list().find((s) => s.id === id);
      if (!listing)
        throw new CliError(
          unknownScenarioMessage(
            id,
            library.list().map((s) => s.id),
          ),
        );
      if (!listing.valid)
        throw new CliError(`Scenario "${id}" is not valid:\n  ${listing.errors.join('\n  ')}`);
      return library.get(id)!;
    },
  };
}
