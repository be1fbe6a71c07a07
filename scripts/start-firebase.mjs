// `npm run start:firebase`: the product on the Firebase stack, offline — the Firestore emulator on
// 127.0.0.1:8080 and the Auth emulator on 127.0.0.1:9099 (firebase-tools' default ports) for the project
// demo-business-chat, the demo businesses imported with `npm run businesses`, the production chat service
// against them, and the page built for the Firebase backend on http://localhost:5173 with /api/chat proxied
// to the chat service (scripts/lib/firebase-stack.mjs), with firebase.json's headers as Hosting sends them.
// The chat service restarts alone: when it exits it is started again, and typing `rs` + Enter restarts
// it on purpose (after a change to its code), while the emulators keep their data. Ctrl-C (or SIGTERM)
// stops everything it started.
import { ensureNodeModules } from './lib/ensure.mjs';
import { DEMO_PROJECT_ID } from './lib/firebase-emulators.mjs';
import { DEFAULT_BUSINESS_ID, startFirebaseStack } from './lib/firebase-stack.mjs';
import { firestoreEmulatorAvailability } from './lib/firestore-emulator.mjs';
import { refuseTakenPorts } from './lib/taken-ports.mjs';

const PORTS = { firestore: 8080, auth: 9099, web: 5173 };
const color = process.stdout.isTTY && !process.env.NO_COLOR;
const bold = (text) => (color ? `\x1b[1m${text}\x1b[0m` : text);

ensureNodeModules();
await refuseTakenPorts(
  [
    { port: PORTS.firestore, what: 'the Firestore emulator' },
    { port: PORTS.auth, what: 'the Auth emulator' },
    { port: PORTS.web, what: 'the page (npm start serves it there too)' },
  ],
  'npm run start:firebase',
);
const found = firestoreEmulatorAvailability();
if (found.kind === 'missing') {
  console.error(`✗ Cannot start the Firestore emulator: ${found.reason}.`);
  process.exit(1);
}

console.log('→ Starting the Firebase stack (emulators, chat service, page build; about a minute)…');
let stack;
let stopping = false;
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
try {
  stack = await startFirebaseStack({ ports: PORTS, projectId: DEMO_PROJECT_ID, webName: 'localhost' });
} catch (error) {
  if (!stopping) {
    console.error(`✗ The Firebase stack did not start: ${error.message}`);
    process.exit(1);
  }
}
if (stack && !stopping) {
  const codes = `http://${stack.authHost}/emulator/v1/projects/${DEMO_PROJECT_ID}/verificationCodes`;
  console.log(
    [
      '',
      bold(`  ✓ Ready. Open ${stack.webUrl}/`),
      `    Demo business: Bella Vista Salon (${stack.webUrl}/chat/@bellavista, id ${DEFAULT_BUSINESS_ID}), also`,
      '    sunrise-bakery (pending) and quickfix-garage (denied), as with `npm start`.',
      `    Firestore emulator ${stack.firestoreHost}, Auth emulator ${stack.authHost}, project ${DEMO_PROJECT_ID};`,
      `    chat service ${stack.chatServiceUrl} (the page reaches it at ${stack.webUrl}/api/chat).`,
      '    Phone sign-in: any US number; the Auth emulator sends no SMS, read the code with',
      `    curl ${codes}`,
      '    Type rs + Enter to restart the chat service alone (the emulators keep their data).',
      '    Press Ctrl-C to stop everything.',
      '',
    ].join('\n'),
  );
  stack.exited.then((reason) => {
    if (stopping) return;
    console.error(`✗ ${reason}. The emulators and the page stay up: fix it, then type rs + Enter.`);
  });
  process.stdin.setEncoding('utf8');
  process.stdin.on('data', (typed) => {
    if (typed.trim() !== 'rs' || stopping) return;
    stack
      .restartChatService()
      .catch((error) => console.error(`✗ The chat service did not restart: ${error.message}`));
  });
}

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  console.log('\n→ Stopping the page, the chat service and the emulators…');
  try {
    await stack?.stop();
    console.log('✓ Stopped.');
  } catch (error) {
    console.error(`✗ ${error.message}`);
    exitCode = 1;
  }
  process.exit(exitCode);
}
