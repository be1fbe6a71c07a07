/**
 * The DataProvider contract against the in-memory backend the page's component tests and the
 * ChatSession's tests run on, so no test rests on an unchecked fake. Given no auth provider, the
 * ownership and feed sections are skipped (it has no access rules; its header says so); no clock to
 * move and no fault injection through the harness: those tests are skipped too, and say why.
 */
import { describeDataProviderContract } from './data-provider-contract.js';
import { createInMemoryBackend } from './in-memory/in-memory-backend.js';

describeDataProviderContract('in-memory (web and session tests)', async () => {
  const backend = createInMemoryBackend({ businesses: [] });
  return {
    data: backend.data,
    harness: {
      reset: async () => undefined,
      seedBusiness: async (business) => backend.data.putBusiness(business),
      otpFor: async () => {
        throw new Error('The in-memory data has no identity provider');
      },
      close: async () => undefined,
    },
  };
});
