/**
 * The scenarios folder, loaded at start and reloaded when a file changes (fs.watch, debounced).
 * A file that becomes invalid is reported (logged with file, step and problem, and listed by
 * GET /control/scenarios) while its last valid version keeps being served, so a typo saved in the
 * middle of a demo never breaks the demo nor the server.
 *
 * Nothing here throws after creation: a file's every problem becomes that file's errors, and a
 * reload that fails anyway is logged, because it runs from the watcher's timer, where an exception
 * would end the process.
 *
 * Limits: one folder, not recursive; fs.watch may report a change twice, which the debounce absorbs.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from 'pino';
import { createBusinessClaims } from './business-claims.js';
import type { FixedBusiness } from './business-claims.js';
import { loadScenarioFile, scenarioIdOf } from './load-scenario.js';
import type { ScenarioLoad } from './load-scenario.js';
import { businessIdOf, inlineBusinessOf } from './scenario-schema.js';
import type { ScenarioFile } from './scenario-schema.js';

const RELOAD_DEBOUNCE_MS = 150;

export interface ScenarioListing {
  id: string;
  /** The file, relative to the scenarios folder's parent (e.g. scenarios/plain-questions.yaml). */
  file: string;
  name: string | null;
  description: string | null;
  /** The business the scenario runs on (a fixture's id or its inline business's id). */
  businessId: string | null;
  /** Whether the file as it is now on disk is valid. */
  valid: boolean;
  /** What is wrong with the file now (empty when valid). */
  errors: string[];
  /** True when the file is invalid but an earlier valid version is still served. */
  servingLastValid: boolean;
}

export interface ScenarioLibrary {
  /** The folder read (absolute). */
  readonly dir: string;
  /** The last valid version of a scenario, or null when it never had one (or does not exist). */
  get(id: string): ScenarioFile | null;
  /** Every scenario file, sorted by id, with its validation state. */
  list(): ScenarioListing[];
  /**
   * The first scenario (by id) whose valid version brings `businessId` as its inline business, or null.
   * Kept as an index rebuilt on every (re)load: the chat route asks on every turn.
   */
  inlineScenarioFor(businessId: string): string | null;
  /** Calls `listener` after every (re)load of the folder. Returns the function that stops it. */
  onChange(listener: () => void): () => void;
  /** Reads the folder again now (what the watcher does after a change). */
  reload(): void;
  /** Stops watching. */
  close(): void;
}

interface Entry {
  file: string;
  lastValid: ScenarioFile | null;
  errors: string[];
}

export function createScenarioLibrary(options: {
  /** The folder to read (the shipped one is mock-server/scenarios/). */
  dir: string;
  logger: Logger;
  watch?: boolean;
  /**
   * The businesses there before any scenario (the mock server's fixtures): an inline business may
   * take neither their ids nor their handles (business-claims.ts).
   */
  fixedBusinesses?: readonly FixedBusiness[];
}): ScenarioLibrary {
  const dir = path.resolve(options.dir);
  const { logger } = options;
  const entries = new Map<string, Entry>();
  /** Inline business id → the first scenario id (list order) that brings it; see inlineScenarioFor. */
  let inlineScenarios = new Map<string, string>();
  const listeners = new Set<() => void>();
  const shown = (file: string) => path.join(path.basename(dir), path.basename(file));

  function reload() {
    let files: Map<string, string[]>;
    try {
      files = scenarioFilesIn(dir);
    } catch (error) {
      logger.error(
        { dir, err: error },
        `scenarios folder ${dir} cannot be read; keeping the scenarios already loaded`,
      );
      return;
    }
    const seen = new Set<string>();
    const claims = createBusinessClaims(options.fixedBusinesses ?? []);
    // The scenarios served now claim their businesses first, so a new file cannot take one from them.
    const served = [...files].filter(([id]) => entries.get(id)?.lastValid);
    const others = [...files].filter(([id]) => !entries.get(id)?.lastValid);
    for (const [id, sameName] of [...served, ...others]) {
      seen.add(id);
      const file = sameName[0]!;
      const before = entries.get(id);
      const loaded = withClaimedBusiness(loadOne(id, sameName), claims, before?.lastValid ?? null);
      if (loaded.ok) {
        entries.set(id, { file, lastValid: loaded.scenario, errors: [] });
        if (before && before.errors.length > 0)
          logger.info({ scenario: id }, `scenario ${shown(file)} is valid again`);
      } else {
        const changed = before?.errors.join('\n') !== loaded.errors.join('\n');
        entries.set(id, { file, lastValid: before?.lastValid ?? null, errors: loaded.errors });
        if (changed) {
          const keeping = before?.lastValid ? '; still serving its last valid version' : '';
          logger.warn(
            { scenario: id, errors: loaded.errors },
            `scenario ${shown(file)} is invalid${keeping}: ${loaded.errors.join(' | ')}`,
          );
        }
      }
    }
    for (const id of [...entries.keys()]) if (!seen.has(id)) entries.delete(id);
    inlineScenarios = new Map();
    for (const [id, { lastValid }] of sortedEntries()) {
      // A scenario that brings its business (inline, or a fixture it approves) plays for it.
      if (
        lastValid &&
        typeof lastValid.business === 'object' &&
        !inlineScenarios.has(businessIdOf(lastValid))
      )
        inlineScenarios.set(businessIdOf(lastValid), id);
    }
    for (const listener of listeners) {
      try {
        listener();
      } catch (error) {
        logger.error({ err: error }, 'scenario change listener failed');
      }
    }
  }

  /** One scenario's file; two files for one name (x.yaml and x.yml) are an error naming both. */
  function loadOne(id: string, sameName: string[]): ScenarioLoad {
    const file = sameName[0]!;
    if (sameName.length > 1) {
      const names = sameName.map(shown);
      return {
        id,
        file,
        ok: false,
        errors: [
          `${names.join(' and ')} are both scenario "${id}": delete or rename one of them (only one file may have a name)`,
        ],
      };
    }
    try {
      return loadScenarioFile(file, shown(file));
    } catch (error) {
      // The loader never throws; should it ever, the file is reported like any other problem.
      return { id, file, ok: false, errors: [`${shown(file)}: cannot be loaded (${String(error)})`] };
    }
  }

  /**
   * The load, or its business's problem as the file's error when its inline business takes another's
   * id or handle. A file that stays broken keeps claiming the business of the version still served.
   */
  function withClaimedBusiness(
    loaded: ScenarioLoad,
    claims: ReturnType<typeof createBusinessClaims>,
    lastValid: ScenarioFile | null,
  ): ScenarioLoad {
    const claimOf = (scenario: ScenarioFile | null) => {
      const business = scenario ? inlineBusinessOf(scenario) : null;
      return business ? claims.claim(shown(loaded.file), business) : null;
    };
    if (!loaded.ok) {
      claimOf(lastValid);
      return loaded;
    }
    const problem = claimOf(loaded.scenario);
    if (!problem) return loaded;
    claimOf(lastValid);
    return { id: loaded.id, file: loaded.file, ok: false, errors: [problem] };
  }

  /** What the watcher runs: a failure is logged, never thrown into the timer (it would end the process). */
  function reloadFromWatcher() {
    try {
      reload();
    } catch (error) {
      logger.error(
        { err: error, dir },
        'reloading the scenarios failed; keeping the scenarios already loaded',
      );
    }
  }

  function sortedEntries(): Array<[string, Entry]> {
    return [...entries.entries()].sort(([a], [b]) => a.localeCompare(b));
  }

  reload();
  let watcher: fs.FSWatcher | null = null;
  let timer: NodeJS.Timeout | null = null;
  if (options.watch ?? true) {
    try {
      watcher = fs.watch(dir, () => {
        if (timer) clearTimeout(timer);
        timer = setTimeout(() => {
          timer = null;
          reloadFromWatcher();
        }, RELOAD_DEBOUNCE_MS);
      });
      watcher.on('error', (error) => logger.warn({ err: error }, 'scenario folder watch stopped'));
    } catch (error) {
      logger.warn({ err: error, dir }, 'scenario folder cannot be watched; changes need a restart');
    }
  }

  return {
    dir,
    get: (id) => entries.get(id)?.lastValid ?? null,
    list() {
      return sortedEntries().map(([id, entry]) => {
        const scenario = entry.lastValid;
        return {
          id,
          file: shown(entry.file),
          name: scenario?.name ?? null,
          description: scenario?.description ?? null,
          businessId: scenario ? businessIdOf(scenario) : null,
          valid: entry.errors.length === 0,
          errors: entry.errors,
          servingLastValid: entry.errors.length > 0 && scenario !== null,
        };
      });
    },
    inlineScenarioFor: (businessId) => inlineScenarios.get(businessId) ?? null,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload,
    close() {
      if (timer) clearTimeout(timer);
      watcher?.close();
    },
  };
}

/** The folder's scenario files by scenario id (file name without .yaml or .yml), sorted. Throws when unreadable. */
function scenarioFilesIn(dir: string): Map<string, string[]> {
  const byId = new Map<string, string[]>();
  for (const name of fs.readdirSync(dir).sort()) {
    if (!/\.ya?ml$/.test(name)) continue;
    const id = scenarioIdOf(name);
    byId.set(id, [...(byId.get(id) ?? []), path.join(dir, name)]);
  }
  return byId;
}
