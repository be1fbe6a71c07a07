export * from './business-fixtures.js';
export * from './in-memory-auth.js';
export * from './in-memory-backend.js';
export * from './in-memory-data.js';
export * from './scripted-chat.js';
