export * from './chat-body-checks.js';
export * from './check-input.js';
export * from './identity-bodies.js';
export * from './write-checks.js';
