export type {
  AuthProviderSubject,
  ChatServiceSubject,
  ContractHarness,
  DataProviderSubject,
  SubjectFactory,
} from './contract-harness.js';
export {
  contractBusiness,
  TEST_PHONE_DISPLAY_NAME,
  TEST_PHONE_NUMBER,
  uniqueSuffix,
} from './contract-fixtures.js';
export { describeAuthProviderContract } from './auth-provider-contract.js';
export { describeChatServiceContract } from './chat-service-contract.js';
export { describeDataProviderContract } from './data-provider-contract.js';
