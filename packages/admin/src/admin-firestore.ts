/**
 * The Firestore (and Auth) the operator tooling writes to, through the Admin SDK: the emulator when
 * FIRESTORE_EMULATOR_HOST is set (no credentials needed), otherwise the real project with application
 * default credentials (`gcloud auth application-default login`, or GOOGLE_APPLICATION_CREDENTIALS).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';

/** The project `start:firebase` and the tests run the emulators with. */
export const DEMO_PROJECT_ID = 'demo-business-chat';

export class ProjectNotNamed extends Error {}

/** The default project of a .firebaserc in `dir` (what `firebase use` set), or null. */
function firebasercProject(dir: string): string | null {
  try {
    const rc = JSON.parse(readFileSync(join(dir, '.firebaserc'), 'utf8')) as {
      projects?: { default?: unknown };
    };
    return typeof rc.projects?.default === 'string' ? rc.projects.default : null;
  } catch {
    return null;
  }
}

/**
 * The project id: --project, else GOOGLE_CLOUD_PROJECT / GCLOUD_PROJECT, else .firebaserc's default,
 * else — on the emulator only — the demo project. A real project is never guessed.
 */
export function resolveProjectId(
  flag: string | undefined,
  env: Record<string, string | undefined>,
  cwd: string,
): string {
  const named = flag || env.GOOGLE_CLOUD_PROJECT || env.GCLOUD_PROJECT || firebasercProject(cwd);
  if (named) return named;
  if (env.FIRESTORE_EMULATOR_HOST) return DEMO_PROJECT_ID;
  throw new ProjectNotNamed(
    'name the Firebase project: --project <id> (or GOOGLE_CLOUD_PROJECT, or `firebase use` in this folder); ' +
      'set FIRESTORE_EMULATOR_HOST to use the Firestore emulator instead',
  );
}

export interface AdminFirestore {
  db: Firestore;
  /**
   * Firebase Auth of the same project: the Auth emulator when FIREBASE_AUTH_EMULATOR_HOST is set (the
   * Admin SDK reads it from the process environment), else the real project. Refused on the Firestore
   * emulator without the Auth emulator, rather than reaching the real project's users.
   */
  auth(): Auth;
  /** Where the writes go, for the operator: "project x on the Firestore emulator at 127.0.0.1:8080". */
  target: string;
  close(): Promise<void>;
}

export function openAdminFirestore(
  projectId: string,
  env: Record<string, string | undefined>,
): AdminFirestore {
  const emulator = env.FIRESTORE_EMULATOR_HOST;
  const app = initializeApp(
    emulator ? { projectId } : { projectId, credential: applicationDefault() },
    `businesses-${projectId}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
  );
  return {
    db: getFirestore(app),
    auth() {
      if (emulator && !env.FIREBASE_AUTH_EMULATOR_HOST) {
        throw new Error(
          'FIREBASE_AUTH_EMULATOR_HOST is not set: on the Firestore emulator, the Auth emulator is needed too',
        );
      }
      return getAuth(app);
    },
    target: emulator
      ? `project ${projectId} on the Firestore emulator at ${emulator}`
      : `project ${projectId} (application default credentials)`,
    close: () => deleteApp(app),
  };
}
