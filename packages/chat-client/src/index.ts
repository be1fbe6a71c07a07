export { createHttpChatService, type HttpChatServiceOptions } from './http-chat-service.js';
export { requestJson, requestNoContent, type FetchLike, type JsonRequest } from './http-json.js';
export { errorFromResponse, networkError, parseJsonOrUndefined } from './http-errors.js';
