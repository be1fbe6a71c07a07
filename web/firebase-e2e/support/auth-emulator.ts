/**
 * The Auth emulator's own REST endpoints the journey needs: the codes it "sent" (it sends no SMS), its
 * accounts, and clearing them between tests. See ../shared notes: firebase-offline.md.
 */
import { inject } from 'vitest';

function base(): string {
  return `http://${inject('authEmulatorHost')}`;
}

function projectPath(): string {
  return `/emulator/v1/projects/${inject('firebaseProjectId')}`;
}

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base()}${path}`, {
    method,
    // "owner" is the emulator's admin credential: it bypasses the client API's checks.
    headers: { authorization: 'Bearer owner', ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** The latest code the emulator generated for `phoneNumber` (E.164), or null when none was sent. */
export async function latestCode(phoneNumber: string): Promise<string | null> {
  const answer = (await call('GET', `${projectPath()}/verificationCodes`)) as {
    verificationCodes?: Array<{ phoneNumber: string; code: string }>;
  };
  const codes = (answer.verificationCodes ?? []).filter((entry) => entry.phoneNumber === phoneNumber);
  return codes.at(-1)?.code ?? null;
}

/** Every account's phone number. */
export async function accountPhoneNumbers(): Promise<string[]> {
  const answer = (await call(
    'POST',
    `/identitytoolkit.googleapis.com/v1/projects/${inject('firebaseProjectId')}/accounts:query`,
    {},
  )) as { userInfo?: Array<{ phoneNumber?: string }> };
  return (answer.userInfo ?? []).flatMap((user) => (user.phoneNumber ? [user.phoneNumber] : []));
}

/** Removes every account (and with them the pending codes' sessions). */
export async function clearAccounts(): Promise<void> {
  await call('DELETE', `${projectPath()}/accounts`);
}
