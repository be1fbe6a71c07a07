/**
 * A signal that aborts when the caller goes away before its answer is sent: the response closes
 * unfinished (the page withdrew the call, or its connection dropped). A chat turn still waiting for
 * the visitor's message then stops and writes nothing (decision 0025).
 */
import type { Response } from 'express';

export function callerGone(res: Response): AbortSignal {
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}
