/**
 * The ContractHarness for packages/local: a real mock server (createApp) on an ephemeral port on
 * 127.0.0.1, driven only through its control API over HTTP — the same calls demo staff make — so
 * the harness cannot reach around the protocol.
 */
import {
  CONTROL_CALL_HEADERS,
  CONTROL_ROUTES,
  BusinessFeedItemSchema,
  type Business,
  type ClockSpec,
  type FaultSpec,
} from '@chat/core';
import { createLocalBackend } from '@chat/local';
import { createApp, type AppOptions, type ChatMockServer } from '@chat/mock-server';
import { z } from 'zod';
import type { ContractHarness } from './contract-harness.js';

export interface RunningMockServer {
  server: ChatMockServer;
  url: string;
}

export async function startMockServer(options: AppOptions): Promise<RunningMockServer> {
  const server = createApp(options);
  const { url } = await server.listen(0, '127.0.0.1');
  return { server, url };
}

async function control(url: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(url + path, {
    method,
    // Every state-changing control call proves it comes from the developer's tools (mock-server/README.md).
    headers: method === 'GET' ? {} : CONTROL_CALL_HEADERS,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`control ${method} ${path} answered ${response.status}: ${text}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

const OtpAnswerSchema = z.object({ code: z.string() });
const FeedAnswerSchema = z.object({ items: z.array(BusinessFeedItemSchema) });

/** A harness over the control API of the server at `url`; `release` frees the subject's own resources. */
export function controlApiHarness(url: string, release: () => void): ContractHarness {
  return {
    async reset() {
      await control(url, 'POST', CONTROL_ROUTES.reset);
      await control(url, 'DELETE', CONTROL_ROUTES.clock);
    },
    async seedBusiness(business: Business) {
      await control(url, 'PUT', CONTROL_ROUTES.business(business.id), business);
    },
    async otpFor(phoneNumber: string) {
      const answer = await control(
        url,
        'GET',
        `${CONTROL_ROUTES.otp}?phone=${encodeURIComponent(phoneNumber)}`,
      );
      return OtpAnswerSchema.parse(answer).code;
    },
    async injectFault(spec: FaultSpec) {
      await control(url, 'POST', CONTROL_ROUTES.faults, spec);
    },
    async setClock(spec: ClockSpec) {
      await control(url, 'POST', CONTROL_ROUTES.clock, spec);
    },
    async conversationCreatedAgo(agoMs, create) {
      // The server's clock moved back around the create only, then the real clock again.
      await control(url, 'POST', CONTROL_ROUTES.clock, { offsetMs: -agoMs });
      try {
        return await create();
      } finally {
        await control(url, 'DELETE', CONTROL_ROUTES.clock);
      }
    },
    async breakLiveSubscription() {
      // The mock server's listen fault ends every open subscription with it.
      await control(url, 'POST', CONTROL_ROUTES.faults, {
        operation: 'listen',
        error: 'unavailable',
        count: 1,
      });
      return 'unavailable';
    },
    async readFeed(businessId: string) {
      const answer = await control(url, 'GET', CONTROL_ROUTES.feed(businessId));
      return FeedAnswerSchema.parse(answer).items;
    },
    async close() {
      release();
    },
  };
}

/** A fresh local backend (in-memory session) over the server, with its harness. */
export function localSubject(url: string) {
  const backend = createLocalBackend({ serverUrl: url });
  return { ...backend, harness: controlApiHarness(url, () => backend.close()) };
}
