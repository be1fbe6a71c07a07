import type { Business, Conversation, NewConversation } from '@chat/core';
import type { DataProviderSubject } from './contract-harness.js';

/** What the DataProvider contract's sections share: the running test's subject and a setup helper. */
export interface DataContractContext {
  /** The subject made for the running test (read it inside a test, not at definition time). */
  readonly subject: DataProviderSubject;
  /** A seeded approved business and a new anonymous conversation in it. */
  freshConversation(
    overrides?: Partial<NewConversation>,
  ): Promise<{ business: Business; conversation: Conversation }>;
}
