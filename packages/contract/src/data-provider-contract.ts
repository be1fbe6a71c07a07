/**
 * The DataProvider contract: the §7 reads and writes and the live message subscription, as every
 * implementation must behave. A test file calls describeDataProviderContract with a factory that
 * builds a fresh subject (the provider and a ContractHarness) for every test.
 */
import type { NewConversation } from '@chat/core';
import { afterEach, beforeEach, describe } from 'vitest';
import type { DataProviderSubject, SubjectFactory } from './contract-harness.js';
import { contractBusiness } from './contract-fixtures.js';
import type { DataContractContext } from './data-contract-context.js';
import { describeDataFeedContract } from './data-feed-contract.js';
import { describeDataRecordsContract } from './data-records-contract.js';
import { describeLiveMessagesContract } from './live-messages-contract.js';

export function describeDataProviderContract(
  name: string,
  makeSubject: SubjectFactory<DataProviderSubject>,
): void {
  describe(`DataProvider contract: ${name}`, () => {
    let subject: DataProviderSubject;

    beforeEach(async () => {
      subject = await makeSubject();
      await subject.harness.reset();
    });

    afterEach(async () => {
      // Tests that sign in (ownership, feed) leave no session behind.
      await subject.auth?.signOut();
      await subject.harness.close();
    });

    const ctx: DataContractContext = {
      get subject() {
        return subject;
      },
      async freshConversation(overrides: Partial<NewConversation> = {}) {
        const business = contractBusiness();
        await subject.harness.seedBusiness(business);
        const conversation = await subject.data.createConversation({
          businessId: business.id,
          userId: null,
          userType: 'anonymous',
          isOutsideBusinessHours: false,
          ...overrides,
        });
        return { business, conversation };
      },
    };

    describeDataRecordsContract(ctx);
    describeDataFeedContract(ctx);
    describeLiveMessagesContract(ctx);
  });
}
