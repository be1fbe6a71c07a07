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
import { fileURLToPath } from 'node:url';
import QRCode from 'qrcode';
import { businessIdOf } from '@chat/assistant';
import { createControlClient } from './control-client.js';
import { answers, lanAddress, portIsFree } from './network-address.js';
import { readScenarioFiles } from './scenario-files.js';
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
  const lan = options.lan ? lanAddress() : null;
  if (options.lan && !lan)
    throw new CliError('--lan: this computer has no local network address (is Wi-Fi on?).');
  const host = lan ?? '127.0.0.1';
  const serverUrl = `http://${host}:${SERVER_PORT}`;
  const webUrl = lan ? `http://${lan}:${WEB_PORT}` : `http://localhost:${WEB_PORT}`;

  const serverUp = await answers(`${serverUrl}/control/health`);
  const webUp = await answers(`${webUrl}/`);
  let child: ReturnType<typeof spawn> | null = null;
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
    child = await startServers(lan, files.dir);
  }

  const control = createControlClient(serverUrl);
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
  const business = await control.get<{ handle: string; businessName: string }>(
    `/data/businesses/${encodeURIComponent(businessId)}`,
  );
  const link = `${webUrl}/chat/@${business.handle}`;

  console.log(`\n${green('✓')} ${bold(scenario.name)} is playing for ${business.businessName}.\n`);
  console.log(`  Open:     ${bold(link)}`);
  console.log(`  Console:  ${bold(`${serverUrl}/console`)}  ${dim('(steer the conversation live)')}\n`);
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
  return new Promise((resolve) => {
    // The servers run in their own process group, so a terminal's Ctrl-C reaches them once, from here.
    const stop = () => {
      console.log('→ Stopping the demo…');
      child!.kill('SIGINT');
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    child!.once('exit', (code) => {
      console.log(code === 0 ? `${green('✓')} Stopped.` : `Stopped (exit ${code}).`);
      resolve(code ?? 0);
    });
  });
}

/** `npm start` in the background, with its output kept for when something goes wrong. */
async function startServers(lan: string | null, scenariosDir: string): Promise<ReturnType<typeof spawn>> {
  const note = progress('Starting the mock server and the web app');
  // The mock server reads SCENARIOS_DIR (mock-server/README.md): the folder this command read.
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', SCENARIOS_DIR: scenariosDir };
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
    !(await answers(`http://${host}:${SERVER_PORT}/control/health`)) ||
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
