/**
 * `demo start <scenario>`: makes a demo ready to open. Starts the mock server and the web app (with
 * `npm start`) unless both already run, plays the scenario for its business, and prints the link to
 * open with a QR code for a phone. With --lan the servers listen on the local network so that a
 * phone on the same Wi-Fi can open the link; without it, the link works on this computer only.
 * When it started the servers it keeps them running until Ctrl-C. The mock server it starts plays
 * the folder this command reads (SCENARIOS_DIR, --dir or not); servers that already run play the
 * folder they were started with, so a different one is refused with what to do.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import { businessIdOf } from '@chat/assistant';
import type { ScenarioFile } from '@chat/assistant';
import { HEALTH_PATH } from '@chat/core';
import type { Business } from '@chat/core';
import { assistantNameNote, runningAssistantName } from './assistant-name-note.js';
import { loadFixtures } from '@chat/mock-server/scenarios';
import { fixtureUnplayableReason, unplayableReason } from './business-readiness.js';
import { createControlClient } from './control-client.js';
import { answers, lanAddress, portIsFree } from './network-address.js';
import { readScenarioFiles } from './scenario-files.js';
import { watchScenarioHealth } from './scenario-health.js';
import { folderMismatch } from './server-folder.js';
import { bold, CliError, dim, green, progress, yellow } from './terminal.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_PORT = 4000;
const WEB_PORT = 5173;
const READY_TIMEOUT_MS = 120_000;

export interface StartOptions {
  scenario: string;
  lan: boolean;
  dir: string | undefined;
}

export async function startCommand(options: StartOptions): Promise<number> {
  const files = readScenarioFiles(options.dir);
  const scenario = files.valid(options.scenario);
  // Refused before anything starts when the fixtures already say so (checked again on the server below).
  const refused = fixtureUnplayableReason(scenario, loadFixtures().businesses);
  if (refused) throw new CliError(`${options.scenario} cannot be shown: ${refused}`);
  const lan = options.lan ? lanAddress() : null;
  if (options.lan && !lan)
    throw new CliError('--lan: this computer has no local network address (is Wi-Fi on?).');
  const host = lan ?? '127.0.0.1';
  const serverUrl = `http://${host}:${SERVER_PORT}`;
  // The control API and the console answer only this machine (local-only-guard.ts): always through loopback.
  const controlUrl = `http://127.0.0.1:${SERVER_PORT}`;
  const webUrl = lan ? `http://${lan}:${WEB_PORT}` : `http://localhost:${WEB_PORT}`;

  // Whether the servers answer where the link points (a server started without --lan does not on the LAN address).
  const serverUp = await answers(`${serverUrl}${HEALTH_PATH}`);
  const webUp = await answers(`${webUrl}/`);
  let child: ReturnType<typeof spawn> | null = null;
  /** The console link's key for another device: made for this demo when it starts the servers with --lan. */
  let consoleKey: string | null = null;
  if (!serverUp || !webUp) {
    if (serverUp !== webUp) {
      const [up, down] = serverUp ? ['the mock server', 'the web app'] : ['the web app', 'the mock server'];
      throw new CliError(
        `${up} is running but ${down} is not. Stop ${up} (Ctrl-C where it runs) and run this again, or start both with \`npm start\`.`,
      );
    }
    for (const [port, what] of [
      [SERVER_PORT, 'the mock server'],
      [WEB_PORT, 'the web app'],
    ] as const) {
      if (!(await portIsFree(port))) {
        throw new CliError(
          `Port ${port} is in use by another program, so ${what} cannot start. Stop it (see \`lsof -i :${port}\`) and try again.`,
        );
      }
    }
    consoleKey = lan ? randomBytes(18).toString('base64url') : null;
    // The console key goes to the mock server only (CONSOLE_KEY), from the environment like every secret.
    const keyEnv = consoleKey ? { CONSOLE_KEY: consoleKey } : {};
    child = await startServers(lan, files.dir, { ...webAppEnv(scenario), ...keyEnv });
  }

  const control = createControlClient(controlUrl);
  if (!child) {
    const note = assistantNameNote(scenario.assistantName, await runningAssistantName(control));
    if (note) console.log(note.ok ? dim(`  ${note.text}`) : yellow(`  ${note.text}`));
  }
  const mismatch = child ? null : await folderMismatch(control, files.dir, options.dir !== undefined);
  if (mismatch) {
    const served = mismatch.served ?? 'their own folder';
    throw new CliError(
      `The servers already run and play the scenarios in ${served}; ${options.dir === undefined ? 'the default folder' : '--dir'} ${files.dir} cannot apply to them.\n` +
        `  Stop them (Ctrl-C where \`npm start\` or \`npm run demo -- start\` runs) and run this again: it then starts them with ${files.dir}.` +
        (options.dir === undefined && mismatch.served
          ? ` Or add --dir ${mismatch.served} to play the running servers' folder.`
          : ''),
    );
  }
  const businessId = businessIdOf(scenario);
  await control.send('PUT', `/control/businesses/${encodeURIComponent(businessId)}/scenario`, {
    scenario: options.scenario,
  });
  const business = await control.get<Business>(`/data/businesses/${encodeURIComponent(businessId)}`);
  const unplayable = unplayableReason(business, scenario);
  if (unplayable) {
    child?.kill('SIGINT');
    throw new CliError(`${options.scenario} cannot be shown: ${unplayable}`);
  }
  const link = `${webUrl}/chat/@${business.handle}`;

  console.log(`\n${green('✓')} ${bold(scenario.name)} is playing for ${business.businessName}.\n`);
  console.log(`  Open:     ${bold(link)}`);
  console.log(
    `  Spanish:  ${link}?lang=es  ${dim('(the page, its buttons and the texts written with es:)')}`,
  );
  console.log(
    `  Console:  ${bold(`${controlUrl}/console`)}  ${dim('(steer the conversation live, on this computer)')}`,
  );
  if (consoleKey) {
    console.log(
      `  Console on another device of yours: ${bold(`${serverUrl}/console?key=${consoleKey}`)}  ${dim('(keep it to yourself: it opens the controls)')}`,
    );
  } else if (lan) {
    console.log(
      dim(
        '  The console answers only on this computer (its link for another device was printed when the servers started).',
      ),
    );
  }
  console.log('');
  console.log(await QRCode.toString(link, { type: 'terminal', small: true }));
  const other = lanAddress();
  if (lan) console.log(dim(`  A phone on the same Wi-Fi can scan the code above.`));
  else if (other) {
    console.log(
      yellow(
        `  This link works on this computer only. For a phone on the same Wi-Fi, run with --lan (the link becomes http://${other}:${WEB_PORT}/chat/@${business.handle}).`,
      ),
    );
  }
  if (!child) {
    console.log(dim('\n  The servers were already running; they keep running.'));
    return 0;
  }
  console.log(dim('\n  Press Ctrl-C to stop the demo.'));
  // A file saved with a mistake while the demo runs is said here at once, with what still plays.
  const stopWatching = watchScenarioHealth(control, (line) => console.log(line));
  return new Promise((resolve) => {
    // The servers run in their own process group, so a terminal's Ctrl-C reaches them once, from here.
    const stop = () => {
      console.log('→ Stopping the demo…');
      child!.kill('SIGINT');
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    child!.once('exit', (code) => {
      stopWatching();
      console.log(code === 0 ? `${green('✓')} Stopped.` : `Stopped (exit ${code}).`);
      resolve(code ?? 0);
    });
  });
}

/** What the web app must be started with to show the scenario as written (its assistant's name). */
export function webAppEnv(scenario: Pick<ScenarioFile, 'assistantName'>): NodeJS.ProcessEnv {
  return scenario.assistantName ? { VITE_ASSISTANT_NAME: scenario.assistantName } : {};
}

/** `npm start` in the background, with its output kept for when something goes wrong. */
async function startServers(
  lan: string | null,
  scenariosDir: string,
  webEnv: NodeJS.ProcessEnv,
): Promise<ReturnType<typeof spawn>> {
  const note = progress('Starting the mock server and the web app');
  // The mock server reads SCENARIOS_DIR (mock-server/README.md): the folder this command read.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', SCENARIOS_DIR: scenariosDir, ...webEnv };
  if (lan) {
    Object.assign(env, {
      HOST: '0.0.0.0',
      // The server answers only Host names it knows (DNS-rebinding guard): add this computer's address.
      ALLOWED_HOSTS: lan,
      WEB_HOST: '0.0.0.0',
      CORS_ORIGINS: `http://localhost:${WEB_PORT},http://127.0.0.1:${WEB_PORT},http://${lan}:${WEB_PORT}`,
      VITE_LOCAL_SERVER_URL: `http://${lan}:${SERVER_PORT}`,
    });
  }
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  // Should this command die any other way, take the servers along rather than leave them on the ports.
  process.once('exit', () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(...chunk.toString().split('\n'));
    output.splice(0, Math.max(0, output.length - 40));
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const host = lan ?? '127.0.0.1';
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (
    !(await answers(`http://${host}:${SERVER_PORT}${HEALTH_PATH}`)) ||
    !(await answers(`http://${host}:${WEB_PORT}/`))
  ) {
    if (exited || Date.now() > deadline) {
      note.done('failed');
      child.kill('SIGINT');
      throw new CliError(
        `The servers did not start${exited ? '' : ` within ${READY_TIMEOUT_MS / 1000} s`}. Their last output:\n${output.join('\n')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  note.done('ready');
  return child;
}
