/** For other workspaces' tests: the scripted OpenAI-compatible server (see scripted-openai-server.ts). */
export { startScriptedOpenAiServer } from './scripted-openai-server.js';
export type {
  CompletionRequest,
  CompletionScript,
  ScriptedCompletion,
  ScriptedOpenAiServer,
} from './scripted-openai-server.js';
export { closedPort } from './closed-port.js';
