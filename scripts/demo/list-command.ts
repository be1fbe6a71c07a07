/** `demo list`: every scenario file, one line each, with its description and whether it is valid. */
import { readScenarioFiles } from './scenario-files.js';
import { bold, dim, FAIL, PASS, plural, red } from './terminal.js';

export function listCommand(options: { dir: string | undefined }): number {
  // Without a server: the businesses a scenario may name are the fixtures' (and inline ones).
  const files = readScenarioFiles(options.dir, { checkBusinesses: true });
  const listings = files.list();
  if (listings.length === 0) console.log(`No scenario files (.yaml) in ${files.dir}.`);
  const width = Math.max(0, ...listings.map((l) => l.id.length));
  for (const listing of listings) {
    const mark = listing.valid ? PASS : FAIL;
    const about = listing.description ?? '(no valid version yet)';
    console.log(`${mark} ${bold(listing.id.padEnd(width))}  ${about}`);
    for (const error of listing.errors) console.log(`  ${red(error)}`);
  }
  console.log(
    dim(
      `\n${plural(listings.length, 'scenario')} in ${files.dir}. Rehearse one with \`npm run demo -- check <name>\`.`,
    ),
  );
  return listings.every((l) => l.valid) ? 0 : 1;
}
