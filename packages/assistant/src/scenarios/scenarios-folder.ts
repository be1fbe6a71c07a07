/**
 * The check that a scenarios folder given by a person (SCENARIOS_DIR for the server, --dir for the
 * demo CLI) is there: a mistyped folder must be said so, not read as "no scenarios".
 */
import fs from 'node:fs';

/**
 * Why `dir` cannot be a scenarios folder ("does not exist", "is a file, not a folder"), or null.
 * `named` says where the folder came from, e.g. "--dir" or "SCENARIOS_DIR".
 */
export function scenariosFolderProblem(dir: string, named: string): string | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT'
      ? `${named}: the folder ${dir} does not exist`
      : `${named}: the folder ${dir} cannot be read (${code ?? String(error)})`;
  }
  return stat.isDirectory() ? null : `${named}: ${dir} is a file, not a folder`;
}
