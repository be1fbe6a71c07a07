// Runs a few commands at the same time, each with its output held back and printed whole when it ends (so
// the logs do not interleave), for `npm test`'s static checks: each of them (tsc, eslint, prettier) is
// single-threaded, so on a 2-core machine two of them run side by side in about the time of one.
// Node built-ins only, like the other run scripts.
import { spawn } from 'node:child_process';
import { ROOT } from './ensure.mjs';

/**
 * `steps`: `[name, command, args]` each. Resolves when every one has ended, printing each one's output in
 * the order they end; exits the process (status of the first that failed) if any failed.
 */
export async function runTogether(steps) {
  const results = await Promise.all(
    steps.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
          let output = '';
          child.stdout.on('data', (chunk) => (output += chunk));
          child.stderr.on('data', (chunk) => (output += chunk));
          child.on('error', (error) => (output += `\n${error.message}\n`));
          child.on('close', (code, signal) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(0);
            console.log(`\n━━ ${name} (${seconds} s) ━━`);
            process.stdout.write(output);
            resolve({ name, command, args, status: code ?? 1, signal });
          });
        }),
    ),
  );
  const failed = results.filter((result) => result.status !== 0);
  for (const { name, command, args, status, signal } of failed) {
    console.error(`\n✗ ${name}: ${[command, ...args].join(' ')} failed (exit ${signal ?? status}).`);
  }
  if (failed.length > 0) process.exit(failed[0].status || 1);
}
