/**
 * Which address a visitor is counted by when anonymous (req.ip under the service's `trust proxy`).
 * Behind Firebase Hosting, Cloud Run receives `X-Forwarded-For: <visitor>, <Hosting's edge>` (the
 * edge appends the visitor, Cloud Run's front end appends the edge it came from), so the default
 * TRUST_PROXY_HOPS=2 takes the visitor's; a prefix the visitor forged is never believed.
 * `Fastly-Client-IP`, which Hosting's edge also sets, is not used: Fastly keeps a value the client sent.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from './config.js';

async function serveIp(hops: number): Promise<{ url: string; server: Server }> {
  const app = express();
  app.set('trust proxy', hops);
  app.get('/ip', (req, res) => {
    res.json({ ip: req.ip ?? null });
  });
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ip`, server }),
    );
  });
}

describe('the client address a visitor is counted by', () => {
  let hosting: { url: string; server: Server };
  let direct: { url: string; server: Server };
  beforeAll(async () => {
    hosting = await serveIp(readConfig({}).TRUST_PROXY_HOPS);
    direct = await serveIp(readConfig({ TRUST_PROXY_HOPS: '1' }).TRUST_PROXY_HOPS);
  });
  afterAll(() => {
    hosting.server.close();
    direct.server.close();
  });

  const ipOf = async (url: string, headers: Record<string, string> = {}) =>
    ((await (await fetch(url, { headers })).json()) as { ip: string }).ip;

  it('behind Firebase Hosting (the default, 2 hops): the visitor, not Hosting’s edge', async () => {
    expect(await ipOf(hosting.url, { 'x-forwarded-for': '203.0.113.7, 199.36.158.100' })).toBe('203.0.113.7');
    expect(await ipOf(hosting.url, { 'x-forwarded-for': '2001:db8::7, 199.36.158.100' })).toBe('2001:db8::7');
  });

  it('a forged prefix is not believed: the address the edge saw wins', async () => {
    expect(
      await ipOf(hosting.url, { 'x-forwarded-for': '10.9.8.7, 1.2.3.4, 203.0.113.7, 199.36.158.100' }),
    ).toBe('203.0.113.7');
  });

  it('Fastly-Client-IP is not read (a client can set it)', async () => {
    expect(
      await ipOf(hosting.url, {
        'fastly-client-ip': '1.2.3.4',
        'x-forwarded-for': '203.0.113.7, 199.36.158.100',
      }),
    ).toBe('203.0.113.7');
  });

  it('with TRUST_PROXY_HOPS=1 (Cloud Run reached directly): the last entry, what Cloud Run saw', async () => {
    expect(await ipOf(direct.url, { 'x-forwarded-for': '1.2.3.4, 203.0.113.7' })).toBe('203.0.113.7');
  });

  it('without X-Forwarded-For: the socket’s own address', async () => {
    expect(await ipOf(hosting.url)).toBe('127.0.0.1');
  });
});
