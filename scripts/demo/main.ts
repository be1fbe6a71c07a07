// `npm run demo -- <command>` (see cli.ts): runs the command line and exits with its code.
import { runDemo } from './cli.js';

process.exit(await runDemo(process.argv.slice(2)));
