// Whether `npm run test:firestore` can run here, and in words why not. Node built-ins only.
import { spawnSync } from 'node:child_process';

/** The major version of `java` on PATH (17, 21, …), or null when there is none. */
export function javaMajorVersion() {
  const result = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (result.error || result.status !== 0) return null;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (!match) return null;
  // Java 8 and older call themselves "1.8".
  return match[1] === '1' ? Number(match[2]) : Number(match[1]);
}

/** One line for `npm test`: the Firestore checks are not part of it, and what running them needs. */
export function firestoreSkipReason() {
  const java = javaMajorVersion();
  const javaState = java === null ? 'no Java is installed' : `Java ${java} is installed`;
  return (
    'skipped: firestore.rules tests and the Firestore DataProvider contract need the Firestore emulator — ' +
    `Java 21+ (${javaState}) and a jar firebase-tools downloads from Google, which npm test never does. ` +
    'Run `npm run test:firestore` where both are available.'
  );
}
