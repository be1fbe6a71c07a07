/**
 * `npm run demo -- <command>`: the demo staff's tool (issue 9). Commands: list, start, check,
 * record; `--help` after any of them explains it. Errors the user can act on are printed without a
 * stack trace and give exit code 1. main.ts runs this with the process's arguments.
 */
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { checkCommand } from './check-command.js';
import { DEFAULT_SERVER_URL } from './control-client.js';
import { listCommand } from './list-command.js';
import { recordCommand } from './record-command.js';
import { startCommand } from './start-command.js';
import { bold, CliError, FAIL } from './terminal.js';

const USAGE = `Usage: npm run demo -- <command> [options]

Commands:
  list                      the scenarios, one line each, with description and validity
  start <scenario>          start the servers if needed, play the scenario, print the link and a QR code
  check <scenario>…|--all   rehearse scenarios as a visitor; pass/fail per step (exit 1 on failure)
  record <conversationId>   write a conversation that happened as a scenario file to edit

Every command takes --dir <folder> to use the scenario files of another folder than
mock-server/scenarios/. Run \`npm run demo -- <command> --help\` for a command's options.`;

const DIR_OPTION = { dir: { type: 'string' } } as const;

const DIR_HELP = (what: string) =>
  `  --dir <folder>   ${what} (default: mock-server/scenarios/); the folder must exist`;

const HELP: Record<string, string> = {
  list: `Usage: npm run demo -- list [--server <url>] [--dir <folder>]

Lists every scenario in mock-server/scenarios/ (or --dir): a ✓ and its description when the
file is valid, a ✗ and what is wrong (file, step, problem) when it is not, including a business
that is neither in mock-server/fixtures/businesses.json nor written inline in a scenario, or one
that cannot be chatted with. When a demo runs on the same folder, a file with a mistake also says
what that demo still plays.

  --server <url>   the running demo's mock server (default ${DEFAULT_SERVER_URL}; none running: fine)
${DIR_HELP('list the scenario files of this folder')}`,
  start: `Usage: npm run demo -- start <scenario> [--lan] [--dir <folder>]

Starts the mock server (port 4000) and the web app (port 5173) unless they already run, makes the
scenario's business play <scenario>, and prints the link to open, a QR code and the console's link.

  --lan            open the servers to the local network, so a phone on the same Wi-Fi can scan the
                   QR code (only when this command starts the servers)
${DIR_HELP('play the scenario files of this folder: the servers this command starts read it')}
                   (servers that already run play the folder they were started with: stop them first)`,
  check: `Usage: npm run demo -- check <scenario>… | --all [--server <url>] [--dir <folder>]

Rehearses scenarios as a visitor would play them, through the real HTTP and live APIs: each step's
message, phone verification (the code is read from the control API), resume; prints the transcript
with ✓ or ✗ per step and exits with code 1 when anything failed.

  --all            every scenario in the folder
  --server <url>   rehearse against a running mock server (default: a private one on a free port);
                   it must play the same folder (start it with SCENARIOS_DIR=<folder> for --dir)
${DIR_HELP('rehearse the scenario files of this folder')}`,
  record: `Usage: npm run demo -- record <conversationId> [--name <scenario>] [--server <url>] [--dir <folder>]

Writes the conversation as mock-server/scenarios/<name>.yaml (default recorded-<id>): one step per
visitor message with the reply that followed, the phone verification box as an interrupt and what
the visitor did with it as a resume step; a staffer's console message as a comment. Find
conversation ids in the console (/console).

  --name <scenario>   the new file's name, without .yaml
  --server <url>      the mock server (default ${DEFAULT_SERVER_URL})
  --dir <folder>      write the file in this folder instead (default: mock-server/scenarios/); it must exist`,
};

const OPTIONS: Record<string, ParseArgsConfig['options']> = {
  list: { ...DIR_OPTION, server: { type: 'string' } },
  start: { ...DIR_OPTION, lan: { type: 'boolean' } },
  check: { ...DIR_OPTION, all: { type: 'boolean' }, server: { type: 'string' } },
  record: { ...DIR_OPTION, name: { type: 'string' }, server: { type: 'string' } },
};

async function dispatch(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  const options = OPTIONS[command];
  if (!options) throw new CliError(`Unknown command "${command}".\n\n${USAGE}`);
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: true,
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${HELP[command]}`);
  }
  const { positionals } = parsed;
  // Each command's own options were enforced by parseArgs's strict mode; read them by name.
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values.help) {
    console.log(HELP[command]);
    return 0;
  }
  const dir = values.dir as string | undefined;
  const needOne = (what: string) => {
    if (positionals.length !== 1) {
      const got = positionals.length === 0 ? 'none' : positionals.map((p) => `"${p}"`).join(', ');
      throw new CliError(`Give exactly one ${what} (got ${got}).\n\n${HELP[command]}`);
    }
    return positionals[0]!;
  };
  switch (command) {
    case 'list':
      if (positionals.length > 0)
        throw new CliError(
          `list takes no scenario name (got "${positionals.join('", "')}").\n\n${HELP.list}`,
        );
      return listCommand({ dir, server: (values.server as string | undefined) ?? DEFAULT_SERVER_URL });
    case 'start':
      return startCommand({ scenario: needOne('scenario'), lan: values.lan === true, dir });
    case 'check':
      if (values.all && positionals.length > 0)
        throw new CliError(`Give scenarios or --all, not both.\n\n${HELP.check}`);
      return checkCommand({
        scenarios: positionals,
        all: values.all === true,
        server: (values.server as string | undefined) ?? null,
        dir,
      });
    default:
      return recordCommand({
        conversationId: needOne('conversation id'),
        server: (values.server as string | undefined) ?? DEFAULT_SERVER_URL,
        name: values.name as string | undefined,
        dir,
      });
  }
}

/** Runs one command line; resolves with its exit code (never rejects). */
export async function runDemo(argv: string[]): Promise<number> {
  try {
    return await dispatch(argv);
  } catch (error) {
    if (error instanceof CliError) console.error(`${FAIL} ${error.message}`);
    else console.error(`${FAIL} ${bold('Unexpected error')}:`, error);
    return 1;
  }
}
