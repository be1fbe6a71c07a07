/** Terminal output for the demo CLI: colour only on a terminal (and never with NO_COLOR), and progress. */
const colour = process.stdout.isTTY === true && !process.env.NO_COLOR;
const paint = (code: string) => (text: string) => (colour ? `\x1b[${code}m${text}\x1b[0m` : text);

export const bold = paint('1');
export const dim = paint('2');
export const green = paint('32');
export const red = paint('31');
export const yellow = paint('33');

export const PASS = green('✓');
export const FAIL = red('✗');

/** A one-line progress note that a terminal shows with moving dots and a pipe shows once. */
export function progress(what: string): { done(result?: string): void } {
  if (!colour) {
    console.log(`→ ${what}…`);
    return { done: (result) => result && console.log(`  ${result}`) };
  }
  let dots = 0;
  const draw = () => process.stdout.write(`\r→ ${what}${'.'.repeat(dots % 4).padEnd(3)}`);
  draw();
  const timer = setInterval(() => {
    dots += 1;
    draw();
  }, 300);
  return {
    done(result) {
      clearInterval(timer);
      process.stdout.write(`\r→ ${what}… ${result ?? 'done'}\n`);
    },
  };
}

/** A failure the user can act on: printed without a stack trace, exit code 1. */
export class CliError extends Error {
  override readonly name = 'CliError';
}
