import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimited } from './rate-limit.js';
import { createWindowLimiter } from './window-limiter.js';

describe('rateLimited', () => {
  let now = 0;
  const limiter = createWindowLimiter({ windowMs: 60_000, max: 2, maxKeys: 10, now: () => now });
  const app = express();
  app.use(rateLimited(limiter));
  app.get('/', (_req, res) => res.json({ ok: true }));
  let url = '';
  let close: () => void = () => undefined;

  beforeAll(async () => {
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    close = () => server.close();
  });
  afterAll(() => close());

  it('lets a client through up to the limit, then answers 429 with the seconds left in its window', async () => {
    expect((await fetch(url)).status).toBe(200);
    expect((await fetch(url)).status).toBe(200);
    now = 20_500;
    const refused = await fetch(url);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('40');
    expect(await refused.json()).toEqual({
      error: { code: 'too-many-requests', message: 'Too many requests; slow down and try again later' },
    });
    now = 60_000;
    expect((await fetch(url)).status).toBe(200);
  });
});
