/**
 * A chat server's shutdown that leaves no reply hanging (issue 27): on SIGTERM it stops taking turns —
 * a chat request is answered 503 `unavailable` with `Retry-After`, so the page's retry lands on another
 * instance or on this one restarted — and gives every turn in flight `finishMs` to end on its own. A
 * turn still running then is asked to cut: its reply is ended with what was written kept and
 * `cut: true`, and its caller is answered 503. Everything has ended by `deadlineMs` after the signal
 * (Cloud Run sends SIGKILL 10 s after SIGTERM; a model reply can take 30 s).
 *
 * Shared by both chat servers, so the mock server and the production chat service drain alike. The
 * turns are counted in this process only: they are this process's requests, and nothing else needs them.
 */
import type { RequestHandler, Response } from 'express';
import { sendError } from './error-answers.js';

export interface DrainTimes {
  /** How long turns in flight may take to finish after the signal before they are cut. */
  finishMs: number;
  /** When everything must have ended after the signal (the process exits then whatever is left). */
  deadlineMs: number;
  /** The `Retry-After` given to a chat request refused while draining, in seconds. */
  retryAfterSeconds: number;
}

/** 6 s to finish, then cut; all ended by 8 s — inside Cloud Run's 10 s between SIGTERM and SIGKILL. */
export const DEFAULT_DRAIN_TIMES: DrainTimes = { finishMs: 6_000, deadlineMs: 8_000, retryAfterSeconds: 5 };

/** One turn in flight. */
export interface TurnInFlight {
  /** Aborted when the shutdown can wait no longer for this turn: end its reply as cut now. */
  readonly cut: AbortSignal;
  /** The turn has ended (answered, failed or cut); call it once, whatever happened. */
  end(): void;
}

export interface DrainOutcome {
  /** Turns that ended by themselves after the signal (before being asked to cut). */
  finished: number;
  /** Turns asked to cut. */
  cut: number;
  /** Turns still running at the deadline (0 unless a cut could not be written in time). */
  left: number;
}

export interface Drain {
  /** In front of the chat route: 503 with `Retry-After` once draining. */
  readonly refuseWhileDraining: RequestHandler;
  /** Answers 503 `unavailable` with `Retry-After` (a refused turn, or one that was cut). */
  refuse(res: Response): void;
  /** Registers a turn; a turn begun while draining is still counted (it passed the refusal just before). */
  begin(): TurnInFlight;
  draining(): boolean;
  /**
   * Stops taking turns, waits for the turns in flight (up to `finishMs`), cuts the rest and resolves
   * once every turn has ended or `deadlineMs` has passed. Calling it again returns the same promise.
   */
  drain(): Promise<DrainOutcome>;
}

export function createDrain(times: DrainTimes = DEFAULT_DRAIN_TIMES): Drain {
  const inFlight = new Set<{ controller: AbortController; ended: Promise<void> }>();
  let draining: Promise<DrainOutcome> | null = null;
  let finishedWhileDraining = 0;

  const allEnded = () => Promise.all([...inFlight].map((turn) => turn.ended)).then(() => undefined);
  const within = (ms: number, task: Promise<void>) =>
    new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), Math.max(0, ms));
      void task.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });

  async function run(): Promise<DrainOutcome> {
    const started = Date.now();
    // Turns may begin after the signal (they passed the refusal just before it): wait for those too.
    const waitAll = async (untilMs: number) => {
      while (inFlight.size > 0) {
        if (!(await within(untilMs - (Date.now() - started), allEnded()))) return false;
      }
      return true;
    };
    if (await waitAll(times.finishMs)) return { finished: finishedWhileDraining, cut: 0, left: 0 };
    const toCut = [...inFlight];
    for (const turn of toCut) turn.controller.abort();
    await waitAll(times.deadlineMs);
    return { finished: finishedWhileDraining, cut: toCut.length, left: inFlight.size };
  }

  const refuse = (res: Response) => {
    res.set('Retry-After', String(times.retryAfterSeconds));
    sendError(res, 'unavailable', 'The chat service is restarting; try again in a few seconds', 503);
  };

  return {
    refuseWhileDraining(_req, res, next) {
      if (draining) refuse(res);
      else next();
    },
    refuse,
    begin() {
      const controller = new AbortController();
      let end!: () => void;
      const turn = { controller, ended: new Promise<void>((resolve) => (end = resolve)) };
      inFlight.add(turn);
      return {
        cut: controller.signal,
        end() {
          if (!inFlight.delete(turn)) return;
          if (draining && !controller.signal.aborted) finishedWhileDraining += 1;
          end();
        },
      };
    },
    draining: () => draining !== null,
    drain() {
      draining ??= run();
      return draining;
    },
  };
}
