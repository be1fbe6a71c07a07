/**
 * The backend a journey runs against, seen from the test's side: the local stack (the mock server) or the
 * Firebase stack (the Firestore and Auth emulators and the production chat service). The journeys that
 * cover §4's flows are the same files on both (web/vitest.e2e.config.ts, web/vitest.e2e-firebase.config.ts);
 * what they need from the backend beyond the page — a code the identity provider sent, what was stored,
 * time passing, a cut connection — goes through this interface, each stack doing it its own way.
 */
import type { Page, Request } from 'playwright-core';
import { inject } from 'vitest';
import { createFirebaseStackDriver } from './firebase-stack-driver.js';
import { createLocalStackDriver } from './local-stack-driver.js';
import './provided.js';

export type StackName = 'local' | 'firebase';

/** A conversation as it is stored. */
export interface StoredConversation {
  id: string;
  messageCount: number;
  lastMessage: { text: string; sender: string } | null;
  signupFeedPosted: boolean;
}

/** A business feed item as it is stored. */
export interface StoredFeedItem {
  type: string;
  message: string;
  conversationId: string;
  customerPhone: string | null;
  customerName: string | null;
  /** A booking request's or hand-off's: the visitor's words (issue 27); absent on a signup. */
  request?: string | null;
}

/** The items of one type in a feed (a signup, a BOOKING_REQUEST, a HANDOFF). */
export function ofType<T extends { type: string }>(items: readonly T[], type: string): T[] {
  return items.filter((item) => item.type === type);
}

export interface StackDriver {
  readonly name: StackName;
  /** Back to the seeded businesses: no conversations, feed items, accounts (or faults, clock offsets). */
  reset(): Promise<void>;
  /** The last one-time code the identity provider sent to `phoneNumber` (E.164). */
  phoneCode(phoneNumber: string): Promise<string>;
  /** What the first sign-in of the test number (support/test-phone.ts) puts in the business's feed. */
  readonly testVisitorSignupMessage: string;
  conversation(id: string): Promise<StoredConversation | undefined>;
  /** The business's feed items, oldest first. */
  feed(businessId: string): Promise<StoredFeedItem[]>;
  /**
   * More than a day passes for the conversation `id` open in `page`: it is past its expiredAt for the
   * backend and for the page, the way each stack can make that so.
   */
  passMoreThanADay(page: Page, id: string): Promise<void>;
  /** Cuts the page's live connection to the backend; resolves with the function that restores it. */
  cutConnection(page: Page): Promise<() => Promise<void>>;
  /** How long the page may take to notice a cut connection and say 'Reconnecting…'. */
  readonly connectionLossNoticeMs: number;
  /**
   * The writes one of the page's requests carries, as text a journey can look into (a message's words),
   * or null when it carries none (reads, the live stream, chat calls). Local: a write to the data API (its
   * body). Firebase: a REST commit, or a Firestore Write-channel request carrying a commit (its writes,
   * decoded) — not the channel's handshakes, not the Listen channel.
   */
  writeIn(request: Request): string | null;
  /** The page.route pattern of the page's requests that may carry writes (writeIn). */
  readonly writeRequests: string | ((url: URL) => boolean);
  /**
   * Stores the visitor's `question` and the assistant's reply to it, cut after `text` (`cut: true`, as the
   * chat service ends a reply whose writer stopped before the turn was settled), in conversation `id`, as
   * the page and the chat service would write them. Firebase stack only: the mock server ends its
   * replies itself (a cut reply there comes from a restart).
   */
  storeCutReply?(id: string, question: string, text: string): Promise<void>;
  /** The same visitor, on another device, asks `text` in the anonymous conversation `id`. */
  askFromElsewhere(id: string, businessId: string, text: string): Promise<void>;
}

export function currentStack(): StackName {
  return inject('stack') ?? 'local';
}

export function createStackDriver(): StackDriver {
  return currentStack() === 'firebase' ? createFirebaseStackDriver() : createLocalStackDriver();
}
