/**
 * The CLI's two deletion commands (`npm run businesses -- forget-phone <+1…> [--auth-user]` and
 * `forget-conversation <id>`): personal-data.ts does the deleting; this prints what went, path by path,
 * so the operator can answer the request with it.
 */
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { forgetConversation, forgetPhone, type Deleted } from './personal-data.js';

export const FORGET_COMMANDS = ['forget-phone', 'forget-conversation'] as const;
export type ForgetCommand = (typeof FORGET_COMMANDS)[number];

export function isForgetCommand(command: string): command is ForgetCommand {
  return (FORGET_COMMANDS as readonly string[]).includes(command);
}

interface Target {
  db: Firestore;
  auth(): Auth;
  /** Where the deletions go, for the operator. */
  target: string;
}

function report(deleted: Deleted, about: string, target: string, out: (line: string) => void): void {
  const { documents, authUser } = deleted;
  if (documents.length === 0 && authUser === null) {
    out(`Nothing stored about ${about} in ${target}.`);
    return;
  }
  out(`✓ Deleted ${documents.length} documents about ${about} from ${target}:`);
  for (const path of documents) out(`  ${path}`);
  if (authUser !== null) out(`✓ Deleted the Auth user ${authUser}.`);
}

/** Runs one deletion command; resolves with the process exit status. */
export async function runForgetCommand(
  command: ForgetCommand,
  subject: string,
  { deleteAuthUser }: { deleteAuthUser: boolean },
  { db, auth, target }: Target,
  out: (line: string) => void,
): Promise<number> {
  if (command === 'forget-conversation') {
    report(await forgetConversation(db, subject), `conversation ${subject}`, target, out);
    return 0;
  }
  const deleted = await forgetPhone(db, auth(), subject, { deleteAuthUser });
  report(deleted, subject, target, out);
  if (!deleteAuthUser) out('The Auth user, if any, was kept: add --auth-user to delete it too.');
  return 0;
}
