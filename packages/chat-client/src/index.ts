export { createHttpChatService, type HttpChatServiceOptions } from './http-chat-service.js';
export { requestJson, requestNoContent, requestRead, type FetchLike, type JsonRequest } from './http-json.js';
export { errorFromResponse, networkError, parseJsonOrUndefined } from './http-errors.js';
export { formatIssues } from './format-issues.js';
