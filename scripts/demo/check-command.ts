/**
 * `demo check <scenario>` / `demo check --all`: rehearses scenarios as a visitor and prints the
 * transcript with a pass or fail per step; exit code 1 when anything failed. Without --server it
 * starts its own mock server on a free port of 127.0.0.1 (reading the same scenarios folder) and
 * stops it afterwards, so a rehearsal never disturbs a demo that is running.
 */
import { createApp } from '@chat/mock-server';
import type { ScenarioFile } from '@chat/mock-server/scenarios';
import { createControlClient } from './control-client.js';
import { rehearseScenario } from './rehearse-scenario.js';
import type { Rehearsal } from './rehearse-scenario.js';
import { readScenarioFiles } from './scenario-files.js';
import { bold, CliError, dim, FAIL, PASS, red } from './terminal.js';

export interface CheckOptions {
  scenario: string | null;
  all: boolean;
  server: string | null;
  dir: string | undefined;
}

export async function checkCommand(options: CheckOptions): Promise<number> {
  if (!options.all && !options.scenario)
    throw new CliError('Name a scenario to check, or use --all. See `demo check --help`.');
  const files = readScenarioFiles(options.dir);
  const listings = files.list();
  let failures = 0;
  const chosen: Array<{ id: string; scenario: ScenarioFile }> = [];
  if (options.all) {
    for (const listing of listings) {
      if (listing.valid) chosen.push({ id: listing.id, scenario: files.valid(listing.id) });
      else {
        failures += 1;
        console.log(`${FAIL} ${bold(listing.id)} is not valid:\n  ${listing.errors.map(red).join('\n  ')}\n`);
      }
    }
  } else {
    chosen.push({ id: options.scenario!, scenario: files.valid(options.scenario!) });
  }

  const server = options.server ? null : await startOwnServer(files.dir);
  const control = createControlClient(options.server ?? server!.url);
  try {
    await control.get('/control/health'); // says clearly when the server is not there
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
  const total = chosen.length + (options.all ? listings.filter((l) => !l.valid).length : 0);
  console.log(
    failures === 0
      ? `${PASS} ${total} scenario${total === 1 ? '' : 's'} passed.`
      : `${FAIL} ${failures} of ${total} failed.`,
  );
  return failures === 0 ? 0 : 1;
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

async function startOwnServer(scenariosDir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = createApp({
    scenariosDir,
    watchScenarios: false,
    // Streamed like a real reply, fast enough for CI.
    streaming: { chunkChars: 24, intervalMs: 5 },
  });
  const { url } = await server.listen(0, '127.0.0.1');
  return { url, close: () => server.close() };
}
