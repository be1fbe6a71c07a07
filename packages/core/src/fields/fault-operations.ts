/** Operations whose next calls the mock server's control API can make fail (imports nothing). */
export const FAULT_OPERATIONS = [
  'chat',
  'listen',
  'otp.send',
  'otp.verify',
  'botcheck',
  'data.addMessage',
  'data.createConversation',
  'data.getConversation',
  'data.getBusiness',
] as const;
export type FaultOperation = (typeof FAULT_OPERATIONS)[number];
