/**
 * A client for the mock server's control API (mock-server/README.md), used by the journeys to put
 * the server in a known state: back to the fixtures, faults injected, the clock moved.
 * Every call fails the test with the server's answer when it is not a success.
 */
import { CONTROL_CALL_HEADERS, CONTROL_ROUTES } from '@chat/core';
import type { ClockSpec, FaultSpec } from '@chat/core';

/** A conversation as GET /control/conversations lists it. */
export interface ConversationSummary {
  id: string;
  businessId: string;
  userType: string;
  expiredAt?: number | null;
  lastMessage?: { text: string; sender: string } | null;
  messageCount: number;
  /** The newest stored message. */
  latestMessage?: { text: string } | null;
  /** What the demo console shows of it (mock-server/src/http/console-summary.ts). */
  businessName?: string | null;
  timeZone?: string | null;
  firstVisitorMessage?: { text: string; createdAt: number } | null;
  visitorVerified?: boolean;
  expired?: boolean;
  signupFeedPosted?: boolean;
}

export interface FeedItemSummary {
  type: string;
  message: string;
  conversationId: string;
  customerPhone: string | null;
  customerName: string | null;
  /** A booking request's or hand-off's: the visitor's words (issue 27). */
  request?: string | null;
}

export interface ControlClient {
  /** Fixtures back, conversations/messages/codes/faults cleared, real time restored. */
  reset(): Promise<void>;
  /** The next `count` calls of an operation fail with `error` (an HTTP status or an error code). */
  fault(spec: FaultSpec): Promise<void>;
  clearFaults(): Promise<void>;
  /** Moves the server's clock away from the real time (expiry of conversations and codes). */
  moveClock(spec: ClockSpec): Promise<void>;
  restoreClock(): Promise<void>;
  /** How far the server's clock is from the real time, in ms (0: real time). */
  clockOffsetMs(): Promise<number>;
  /** How many injected faults are still waiting to fire. */
  pendingFaults(): Promise<number>;
  /** The last one-time code sent to `phoneNumber` (E.164), as the identity provider's log would show it. */
  otp(phoneNumber: string): Promise<string>;
  /** Creates or replaces a business document, written as another tool might write it. */
  putBusiness(id: string, document: Record<string, unknown>): Promise<void>;
  /** Cuts every live socket as a network failure would (clients reconnect by themselves); how many. */
  dropSockets(): Promise<number>;
  /** The business's feed items (signups, booking requests, hand-offs), oldest first. */
  feed(businessId: string): Promise<FeedItemSummary[]>;
  /** Conversations with their last message, newest first. */
  conversations(): Promise<ConversationSummary[]>;
  /** Makes every conversation of the business play a scenario of mock-server/scenarios/ (null: none). */
  playScenario(businessId: string, scenario: string | null): Promise<void>;
}

export function createControlClient(serverUrl: string): ControlClient {
  async function call(method: string, path: string, body?: unknown): Promise<Response> {
    const response = await fetch(`${serverUrl}${path}`, {
      method,
      // Every state-changing control call proves it comes from the developer's tools (mock-server/README.md).
      headers: method === 'GET' ? {} : CONTROL_CALL_HEADERS,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) {
      throw new Error(`control API ${method} ${path} answered ${response.status}: ${await response.text()}`);
    }
    return response;
  }

  return {
    async reset() {
      await call('POST', CONTROL_ROUTES.reset);
      await call('DELETE', CONTROL_ROUTES.faults);
      await call('DELETE', CONTROL_ROUTES.clock);
    },
    async fault(spec) {
      await call('POST', CONTROL_ROUTES.faults, spec);
    },
    async clearFaults() {
      await call('DELETE', CONTROL_ROUTES.faults);
    },
    async moveClock(spec) {
      await call('POST', CONTROL_ROUTES.clock, spec);
    },
    async restoreClock() {
      await call('DELETE', CONTROL_ROUTES.clock);
    },
    async clockOffsetMs() {
      return ((await (await call('GET', CONTROL_ROUTES.clock)).json()) as { offsetMs: number }).offsetMs;
    },
    async pendingFaults() {
      return ((await (await call('GET', CONTROL_ROUTES.faults)).json()) as { faults: unknown[] }).faults
        .length;
    },
    async otp(phoneNumber) {
      const response = await call('GET', `${CONTROL_ROUTES.otp}?phone=${encodeURIComponent(phoneNumber)}`);
      return ((await response.json()) as { code: string }).code;
    },
    async putBusiness(id, document) {
      await call('PUT', CONTROL_ROUTES.business(id), document);
    },
    async dropSockets() {
      const response = await call('POST', CONTROL_ROUTES.dropSockets, {});
      return ((await response.json()) as { dropped: number }).dropped;
    },
    async feed(businessId) {
      const response = await call('GET', CONTROL_ROUTES.feed(businessId));
      return ((await response.json()) as { items: FeedItemSummary[] }).items;
    },
    async conversations() {
      const response = await call('GET', CONTROL_ROUTES.conversations);
      const body = (await response.json()) as { conversations: ConversationSummary[] };
      return body.conversations;
    },
    async playScenario(businessId, scenario) {
      await call('PUT', `/control/businesses/${encodeURIComponent(businessId)}/scenario`, { scenario });
    },
  };
}
