/**
 * `demo check <scenario>…` / `demo check --all`: rehearses scenarios as a visitor and prints the
 * transcript with a pass or fail per step; exit code 1 when anything failed. Without --server it
 * starts its own mock server on a free port of 127.0.0.1 (reading the same scenarios folder, --dir
 * included) and stops it afterwards, so a rehearsal never disturbs a demo that is running. With
 * --server it rehearses on that server, which must play the same folder (server-folder.ts).
 */
import { createApp } from '@chat/mock-server';
import type { ScenarioFile } from '@chat/assistant';
import { unknownScenarioMessage } from '@chat/assistant';
import { createControlClient } from './control-client.js';
import type { ControlClient } from './control-client.js';
import { rehearseScenario } from './rehearse-scenario.js';
import type { Rehearsal } from './rehearse-scenario.js';
import { readScenarioFiles } from './scenario-files.js';
import type { ScenarioFiles } from './scenario-files.js';
import { folderMismatch } from './server-folder.js';
import { plural } from '@chat/server-http';
import { bold, CliError, dim, FAIL, PASS, red } from './terminal.js';

export interface CheckOptions {
  /** The scenarios named on the command line (none with --all). */
  scenarios: string[];
  all: boolean;
  server: string | null;
  dir: string | undefined;
}

export async function checkCommand(options: CheckOptions): Promise<number> {
  if (!options.all && options.scenarios.length === 0)
    throw new CliError('Name a scenario to check, or use --all. See `demo check --help`.');
  // A private server starts from the fixtures, so a business they lack is an error now; a running
  // server may know more businesses and says so itself.
  const files = readScenarioFiles(options.dir, { checkBusinesses: !options.server });
  const listings = files.list();
  const unknown = options.scenarios.filter((id) => !files.has(id));
  if (unknown.length > 0) {
    const known = listings.map((l) => l.id);
    throw new CliError(unknown.map((id) => unknownScenarioMessage(id, known)).join('\n'));
  }
  const ids = options.all ? listings.map((l) => l.id) : [...new Set(options.scenarios)];
  let failures = 0;
  const chosen: Array<{ id: string; scenario: ScenarioFile }> = [];
  for (const id of ids) {
    const listing = listings.find((l) => l.id === id)!;
    if (listing.valid) chosen.push({ id, scenario: files.valid(id) });
    else {
      failures += 1;
      console.log(`${FAIL} ${bold(id)} is not valid:\n  ${listing.errors.map(red).join('\n  ')}\n`);
    }
  }

  // Streamed like a real reply, fast enough for CI.
  const server = options.server
    ? null
    : createApp({
        scenariosDir: files.dir,
        watchScenarios: false,
        streaming: { chunkChars: 24, intervalMs: 5 },
      });
  const control = createControlClient(options.server ?? (await server!.listen(0, '127.0.0.1')).url);
  try {
    await control.get('/control/health'); // says clearly when the server is not there
    if (options.server) await expectSameFolder(control, files, options.dir !== undefined);
    for (const { id, scenario } of chosen) {
      const rehearsal = await rehearseScenario(control, id, scenario);
      printRehearsal(rehearsal, scenario);
      if (!rehearsal.ok) failures += 1;
      // A scenario that moved the clock must not change the next one's world (only on our own server).
      if (server) await control.send('DELETE', '/control/clock');
    }
  } finally {
    await server?.close();
  }
  const total = ids.length;
  console.log(
    failures === 0
      ? `${PASS} ${plural(total, 'scenario')} passed.`
      : `${FAIL} ${failures} of ${plural(total, 'scenario')} failed.`,
  );
  return failures === 0 ? 0 : 1;
}

/** A running server plays its own folder: rehearsing another folder's files there would test its copies. */
async function expectSameFolder(control: ControlClient, files: ScenarioFiles, dirGiven: boolean) {
  const mismatch = await folderMismatch(control, files.dir, dirGiven);
  if (!mismatch) return;
  const { served } = mismatch;
  throw new CliError(
    `The server at ${control.serverUrl} plays the scenarios in ${served ?? 'its own folder'}, not those in ${files.dir}: a running server cannot play another folder.\n` +
      `  Leave out --server to rehearse ${files.dir} on a private server, or restart that server with SCENARIOS_DIR=${files.dir}` +
      (served && !dirGiven ? `, or add --dir ${served} to rehearse the server's own files.` : '.'),
  );
}

function printRehearsal(rehearsal: Rehearsal, scenario: ScenarioFile): void {
  console.log(`${rehearsal.ok ? PASS : FAIL} ${bold(rehearsal.scenarioId)} ${dim(`— ${scenario.name}`)}`);
  for (const result of rehearsal.results) {
    console.log(`  ${result.ok ? PASS : FAIL} ${result.label}`);
    for (const line of result.transcript) console.log(dim(`      ${line}`));
    for (const problem of result.problems)
      console.log(red(`      ✗ ${problem.split('\n').join('\n        ')}`));
  }
  console.log('');
}
