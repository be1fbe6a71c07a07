/**
 * What a running demo plays when a scenario file is saved with a mistake: the server keeps its last
 * good version (or, without one, the built-in assistant answers its conversations). `demo start`
 * watches the server's listing and says so in its terminal as soon as a file breaks or is fixed, and
 * `demo list` says it next to the mistake when a demo is running.
 */
import type { ScenarioListing } from '@chat/assistant';
import type { ControlClient } from './control-client.js';
import { FAIL, PASS, red } from './terminal.js';

/** How often `demo start` reads the listing: with the server's 150 ms reload, a mistake shows within a second. */
export const HEALTH_POLL_MS = 400;

/** What plays instead of a file that has a mistake now. */
export function whatStillPlays(listing: Pick<ScenarioListing, 'servingLastValid' | 'name'>): string {
  return listing.servingLastValid
    ? `the demo keeps playing its last good version${listing.name ? ` ("${listing.name}")` : ''} until you fix it`
    : 'it never had a good version, so nothing plays it (its conversations get the built-in assistant) until you fix it';
}

/** The lines to print when a file's state changed (from `before`, undefined when new, to `now`). */
export function healthChange(before: ScenarioListing | undefined, now: ScenarioListing): string[] {
  const same = before && before.errors.join('\n') === now.errors.join('\n');
  if (same) return [];
  if (now.errors.length === 0) {
    return before && before.errors.length > 0
      ? [`${PASS} ${now.file} is valid again: the demo plays the saved version.`]
      : [];
  }
  return [
    `${FAIL} ${now.file} has a mistake; ${whatStillPlays(now)}:`,
    ...now.errors.map((e) => `  ${red(e)}`),
  ];
}

/**
 * Reads the server's scenario listing every HEALTH_POLL_MS and prints what changed (the files that
 * already have a mistake, at once). Returns the function that stops it. A failed read is skipped:
 * the server may be stopping.
 */
export function watchScenarioHealth(control: ControlClient, print: (line: string) => void): () => void {
  let known = new Map<string, ScenarioListing>();
  let first = true;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const read = async () => {
    try {
      const { scenarios } = await control.get<{ scenarios: ScenarioListing[] }>('/control/scenarios');
      if (stopped) return;
      for (const listing of scenarios) {
        const before = first ? undefined : known.get(listing.id);
        for (const line of healthChange(before, listing)) print(line);
      }
      known = new Map(scenarios.map((listing) => [listing.id, listing]));
      first = false;
    } catch {
      // Read again next time.
    }
    if (!stopped) timer = setTimeout(() => void read(), HEALTH_POLL_MS);
  };
  void read();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
