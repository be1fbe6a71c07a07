/**
 * `npm run businesses -- <command>`: the operator's tool for the businesses the page serves on Firebase.
 *
 *   import <file.json> [--project <id>]   write the businesses of a file (a JSON array of §3 businesses)
 *   list [--project <id>]                 every stored business: id, @handle, status, name, problems
 *   show <id|@handle> [--project <id>]    one stored business as JSON
 *   forget-phone <+1…> [--auth-user]      delete everything stored about one phone number
 *   forget-conversation <id>              delete one conversation and everything stored with it
 *
 * On the Firestore emulator when FIRESTORE_EMULATOR_HOST is set; otherwise on the real project with
 * application default credentials (admin-firestore.ts). A bad file is refused with every problem named by
 * record and field, and nothing is written.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openAdminFirestore, ProjectNotNamed, resolveProjectId } from './admin-firestore.js';
import { readBusinessRecords } from './business-records.js';
import { isForgetCommand, runForgetCommand } from './forget-command.js';
import { ForgetRefused } from './personal-data.js';
import {
  findBusiness,
  ImportRefused,
  importBusinesses,
  listBusinesses,
  type StoredBusiness,
} from './business-store.js';

export const USAGE = `Usage: npm run businesses -- <command> [--project <id>]

  import <file.json>   write the businesses in the file (a JSON array of businesses, as
                       packages/core/src/schema/business.ts describes) and their handle index;
                       a bad file is refused, naming the record and field, and nothing is written
  list                 every stored business: id, @handle, verification status, name
  show <id|@handle>    one stored business, as JSON
  forget-phone <+1…> [--auth-user]
                       delete everything stored about one phone number: its signups marker, the
                       feed items naming it, the conversations of its user or named by those (with
                       their messages and the assistant's memory), and with --auth-user its Auth user;
                       prints every deleted path
  forget-conversation <id>
                       delete one conversation, its messages, the assistant's memory of it and the
                       feed items naming it; prints every deleted path

On the Firestore emulator when FIRESTORE_EMULATOR_HOST is set (project: --project, else
demo-business-chat); otherwise on the Firebase project named by --project (or GOOGLE_CLOUD_PROJECT, or
.firebaserc) with application default credentials (gcloud auth application-default login).
Demo businesses: npm run businesses -- import packages/admin/demo-businesses.json`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: Record<string, string | undefined>;
  cwd: string;
}

interface Parsed {
  command?: string;
  args: string[];
  project?: string;
  help: boolean;
  authUser: boolean;
}

function parseArgs(argv: readonly string[]): Parsed | string {
  const parsed: Parsed = { args: [], help: false, authUser: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') parsed.help = true;
    else if (arg === '--auth-user') parsed.authUser = true;
    else if (arg === '--project') {
      const value = argv[++i];
      if (!value || value.startsWith('--')) return '--project needs a project id';
      parsed.project = value;
    } else if (arg.startsWith('--project=')) parsed.project = arg.slice('--project='.length);
    else if (arg.startsWith('-')) return `unknown option ${arg}`;
    else if (parsed.command === undefined) parsed.command = arg;
    else parsed.args.push(arg);
  }
  return parsed;
}

const ARITY: Record<string, { count: number; what: string }> = {
  import: { count: 1, what: 'import needs one file: npm run businesses -- import <file.json>' },
  list: { count: 0, what: 'list takes no argument' },
  show: { count: 1, what: 'show needs one business: npm run businesses -- show <id|@handle>' },
  'forget-phone': {
    count: 1,
    what: 'forget-phone needs one phone number: npm run businesses -- forget-phone +15555550100',
  },
  'forget-conversation': {
    count: 1,
    what: 'forget-conversation needs one conversation id: npm run businesses -- forget-conversation <id>',
  },
};

function summary(business: StoredBusiness): string {
  const { data } = business;
  const status = (data.verification as { status?: unknown } | undefined)?.status;
  const notes = [
    business.problem && `✗ the page cannot read it as stored: ${business.problem}`,
    !business.indexed && '✗ its handle has no index entry (/chat/@handle finds nothing): import it again',
  ].filter(Boolean);
  return [business.id, `@${String(data.handle)}`, String(status), String(data.businessName), ...notes].join(
    '  ',
  );
}

/** Runs one command; resolves with the process exit status. */
export async function runBusinessesCli(argv: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseArgs(argv);
  if (typeof parsed === 'string') {
    io.err(`✗ ${parsed}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help || parsed.command === undefined) {
    (parsed.help ? io.out : io.err)(USAGE);
    return parsed.help ? 0 : 2;
  }
  const arity = ARITY[parsed.command];
  if (!arity) {
    io.err(`✗ unknown command "${parsed.command}"\n\n${USAGE}`);
    return 2;
  }
  if (parsed.args.length !== arity.count) {
    io.err(`✗ ${arity.what}`);
    return 2;
  }
  if (parsed.authUser && parsed.command !== 'forget-phone') {
    io.err('✗ --auth-user goes with forget-phone only');
    return 2;
  }

  // The file is checked before any connection is made: a bad file needs no project.
  let records: Awaited<ReturnType<typeof readBusinessRecords>> | undefined;
  if (parsed.command === 'import') {
    const file = resolve(io.cwd, parsed.args[0]!);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      io.err(`✗ cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
      return 1;
    }
    records = readBusinessRecords(text, parsed.args[0]!);
    if (!records.ok) {
      io.err(
        `✗ ${parsed.args[0]} was not imported (nothing was written):\n  ${records.problems.join('\n  ')}`,
      );
      return 1;
    }
    if (records.businesses.length === 0) {
      io.err(`✗ ${parsed.args[0]} holds no businesses: nothing to import`);
      return 1;
    }
  }

  let projectId: string;
  try {
    projectId = resolveProjectId(parsed.project, io.env, io.cwd);
  } catch (error) {
    if (error instanceof ProjectNotNamed) {
      io.err(`✗ ${error.message}`);
      return 2;
    }
    throw error;
  }
  const firestore = openAdminFirestore(projectId, io.env);
  try {
    if (isForgetCommand(parsed.command)) {
      return await runForgetCommand(
        parsed.command,
        parsed.args[0]!,
        { deleteAuthUser: parsed.authUser },
        firestore,
        io.out,
      );
    }
    if (records?.ok) {
      await importBusinesses(firestore.db, records.businesses);
      io.out(`✓ Imported ${records.businesses.length} businesses into ${firestore.target}:`);
      for (const b of records.businesses) {
        io.out(`  ${b.id}  @${b.handle}  ${b.verification.status}  ${b.businessName}`);
      }
    } else if (parsed.command === 'list') {
      const businesses = await listBusinesses(firestore.db);
      io.out(`${businesses.length} businesses in ${firestore.target}${businesses.length ? ':' : '.'}`);
      for (const business of businesses) io.out(`  ${summary(business)}`);
      return businesses.some((b) => b.problem || !b.indexed) ? 1 : 0;
    } else {
      const business = await findBusiness(firestore.db, parsed.args[0]!);
      if (!business) {
        io.err(`✗ no business "${parsed.args[0]}" in ${firestore.target}`);
        return 1;
      }
      io.out(JSON.stringify({ id: business.id, ...business.data }, null, 2));
      if (business.problem || !business.indexed) {
        io.err(summary(business));
        return 1;
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof ForgetRefused) {
      io.err(`✗ nothing was deleted: ${error.message}`);
      return 1;
    }
    if (error instanceof ImportRefused) {
      io.err(`✗ ${parsed.args[0]} was not imported (nothing was written):\n  ${error.problems.join('\n  ')}`);
      return 1;
    }
    io.err(`✗ ${parsed.command} failed on ${firestore.target}: ${(error as Error).message}`);
    return 1;
  } finally {
    await firestore.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await runBusinessesCli(process.argv.slice(2), {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
    env: process.env,
    // npm runs scripts in the repository root; INIT_CWD is where the operator typed the command.
    cwd: process.env.INIT_CWD || process.cwd(),
  });
}
