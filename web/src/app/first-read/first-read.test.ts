import type { Business, DataProvider } from '@chat/core';
import { describe, expect, it, vi } from 'vitest';
import { withFirstBusinessRead } from './first-business-read.js';
import { FIRST_READ_GLOBAL, fetchWithFirstRead, takeFirstRead } from './first-read.js';

const URL_A = 'http://127.0.0.1:4000/data/businesses/a';

/** A window-like scope with the first-read script's hand-off on it. */
function scopeWith(url: string, response: Promise<Response>) {
  return { [FIRST_READ_GLOBAL]: { url, response } } as unknown as typeof globalThis;
}

describe('takeFirstRead', () => {
  it('hands the answer over once, and only for the URL that was read', async () => {
    const answer = new Response('{}');
    const scope = scopeWith(URL_A, Promise.resolve(answer));
    expect(takeFirstRead('http://127.0.0.1:4000/data/businesses/b', scope)).toBeNull();
    expect(await takeFirstRead(URL_A, scope)).toBe(answer);
    expect(takeFirstRead(URL_A, scope)).toBeNull();
  });

  it('is null on a page without the script', () => {
    expect(takeFirstRead(URL_A, {} as typeof globalThis)).toBeNull();
  });
});

describe('fetchWithFirstRead', () => {
  it("answers the first GET of the read URL with the script's response and sends everything else", async () => {
    const early = new Response('"early"');
    const network = vi.fn(async () => new Response('"network"'));
    const fetch = fetchWithFirstRead(network, scopeWith(URL_A, Promise.resolve(early)));

    expect(await fetch(URL_A, { method: 'POST', body: '{}' }).then((r) => r.json())).toBe('network');
    expect(await fetch(URL_A, { method: 'GET' }).then((r) => r.json())).toBe('early');
    expect(await fetch(URL_A).then((r) => r.json())).toBe('network');
    expect(network).toHaveBeenCalledTimes(2);
  });

  it('fails the GET as the network would when the first read failed, so the retries read again', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch'));
    failed.catch(() => undefined);
    const network = vi.fn(async () => new Response('"network"'));
    const fetch = fetchWithFirstRead(network, scopeWith(URL_A, failed));
    await expect(fetch(URL_A)).rejects.toThrow('Failed to fetch');
    expect(await fetch(URL_A).then((r) => r.json())).toBe('network');
  });
});

describe('withFirstBusinessRead', () => {
  const business = { id: 'a', businessName: 'From the first read' } as Business;
  const stored = { id: 'a', businessName: 'From the provider' } as Business;
  const provider = () => ({ getBusinessById: vi.fn(async () => stored) }) as unknown as DataProvider;
  const urlOf = (id: string) => `http://firestore.test/documents/businesses/${id}`;
  const read = async (response: Response) => (response.status === 404 ? null : business);

  it("takes the first read's answer for the business it read, then reads through the provider", async () => {
    const data = provider();
    const scope = scopeWith(urlOf('a'), Promise.resolve(new Response('{}')));
    const withFirst = withFirstBusinessRead(data, urlOf, read, scope);
    expect(await withFirst.getBusinessById('a')).toBe(business);
    expect(await withFirst.getBusinessById('a')).toBe(stored);
    expect(data.getBusinessById).toHaveBeenCalledTimes(1);
  });

  it('reads a 404 as no such business, without asking again', async () => {
    const data = provider();
    const scope = scopeWith(urlOf('a'), Promise.resolve(new Response('', { status: 404 })));
    expect(await withFirstBusinessRead(data, urlOf, read, scope).getBusinessById('a')).toBeNull();
    expect(data.getBusinessById).not.toHaveBeenCalled();
  });

  it("leaves anything unexpected (another status, a failed request, a refused body) to the provider's read", async () => {
    for (const answer of [
      Promise.resolve(new Response('', { status: 503 })),
      Promise.reject(new TypeError('Failed to fetch')),
    ]) {
      answer.catch(() => undefined);
      const data = provider();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const withFirst = withFirstBusinessRead(data, urlOf, read, scopeWith(urlOf('a'), answer));
      expect(await withFirst.getBusinessById('a')).toBe(stored);
      warn.mockRestore();
    }
    const data = provider();
    const refuse = async () => {
      throw new Error('malformed');
    };
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const scope = scopeWith(urlOf('a'), Promise.resolve(new Response('{}')));
    expect(await withFirstBusinessRead(data, urlOf, refuse, scope).getBusinessById('a')).toBe(stored);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
