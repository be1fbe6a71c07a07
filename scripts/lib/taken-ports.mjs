// The fixed ports of `npm start` and `npm run start:firebase`: checked before anything starts, so a port
// another program holds is refused with a sentence naming it, not a stack trace halfway up. Node built-ins only.
import { createServer } from 'node:net';

/** Whether nothing listens on 127.0.0.1:`port` (we could listen there ourselves a moment ago). */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * Exits the process with one line per taken port of `wanted` ({ port, what, variable? }): what cannot
 * start there, and how to find or move what holds it. `command` is the command the person ran.
 */
export async function refuseTakenPorts(wanted, command) {
  let taken = false;
  for (const { port, what, variable } of wanted) {
    if (await isPortFree(port)) continue;
    taken = true;
    console.error(
      `✗ Port ${port} is already in use, so ${what} cannot start. Is \`${command}\` already running in another ` +
        `terminal? Stop whatever listens there (e.g. \`lsof -i :${port}\`)` +
        (variable ? `, or choose another port with ${variable}=….` : '.'),
    );
  }
  if (taken) process.exit(1);
}
