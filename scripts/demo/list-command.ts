/**
 * `demo list`: every scenario file, one line each, with its description and whether it is valid.
 * When a demo is running on the same folder (the server at --server, default the one `demo start`
 * starts), a file with a mistake also says what that demo still plays.
 */
import type { ScenarioListing } from '@chat/assistant';
import { createControlClient } from './control-client.js';
import { answers } from './network-address.js';
import { readScenarioFiles } from './scenario-files.js';
import { sameFolder } from './server-folder.js';
import { plural } from '@chat/server-http';
import { bold, dim, FAIL, PASS, red } from './terminal.js';

export async function listCommand(options: { dir: string | undefined; server: string }): Promise<number> {
  // Without a server: the businesses a scenario may name are the fixtures' (and inline ones).
  const files = readScenarioFiles(options.dir, { checkBusinesses: true });
  const listings = files.list();
  const served = await runningDemo(options.server, files.dir);
  if (listings.length === 0) console.log(`No scenario files (.yaml) in ${files.dir}.`);
  const width = Math.max(0, ...listings.map((l) => l.id.length));
  for (const listing of listings) {
    const mark = listing.valid ? PASS : FAIL;
    const playing = served?.get(listing.id);
    const about = listing.valid
      ? listing.description
      : !playing
        ? '(has a mistake; no running demo plays this folder)'
        : playing.servingLastValid
          ? `(has a mistake; the running demo still plays its last good version: ${playing.description})`
          : '(has a mistake and never had a good version: the running demo plays nothing for it)';
    console.log(`${mark} ${bold(listing.id.padEnd(width))}  ${about}`);
    for (const error of listing.errors) console.log(`  ${red(error)}`);
  }
  console.log(
    dim(
      `\n${plural(listings.length, 'scenario')} in ${files.dir}. Rehearse one with \`npm run demo -- check <name>\`.`,
    ),
  );
  return listings.every((l) => l.valid) ? 0 : 1;
}

/** The listing of the demo running at `serverUrl` when it plays `dir`; null when none does. */
async function runningDemo(serverUrl: string, dir: string): Promise<Map<string, ScenarioListing> | null> {
  if (!(await answers(`${serverUrl}/control/health`))) return null;
  try {
    const listing = await createControlClient(serverUrl).get<{ dir?: string; scenarios: ScenarioListing[] }>(
      '/control/scenarios',
    );
    if (!listing.dir || !sameFolder(listing.dir, dir)) return null;
    return new Map(listing.scenarios.map((s) => [s.id, s]));
  } catch {
    return null;
  }
}
