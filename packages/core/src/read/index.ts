export * from './read-answers.js';
export * from './read-business.js';
export * from './read-conversation.js';
export * from './read-helpers.js';
export * from './read-message.js';
