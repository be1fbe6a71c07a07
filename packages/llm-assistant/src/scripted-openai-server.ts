/**
 * A small OpenAI-compatible chat-completions server for tests and the evaluation's CI run: it
 * listens on 127.0.0.1 (a free port), records every request body, and answers each with what a
 * script returns — text and/or tool calls — streamed as Server-Sent Events in the
 * chat.completion.chunk format when the request asks for a stream, else as one chat.completion;
 * `GET /v1/models` lists the one model 'scripted'.
 * It knows no language: it plays exactly what it is told, so tests assert on the wire.
 */
import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The request body as the client sent it (the OpenAI chat.completions shape). */
export interface CompletionRequest {
  model: string;
  messages: Array<{ role: string; content?: unknown; tool_calls?: unknown; tool_call_id?: string }>;
  tools?: Array<{ type: string; function: { name: string; description?: string; parameters?: unknown } }>;
  stream?: boolean;
  max_tokens?: number;
  max_completion_tokens?: number;
  [key: string]: unknown;
}

export interface ScriptedCompletion {
  /** The assistant's text, streamed in pieces of `chunkChars`. */
  text?: string;
  toolCalls?: Array<{ name: string; arguments: unknown; id?: string }>;
  /** Answer with this HTTP status and an OpenAI-style error body instead. */
  status?: number;
  /** Characters per streamed delta (default 8). */
  chunkChars?: number;
}

export type CompletionScript = (request: CompletionRequest, index: number) => ScriptedCompletion;

export interface ScriptedOpenAiServer {
  /** The base URL to give the client (OPENAI_BASE_URL), ending in /v1. */
  baseUrl: string;
  /** Every request body received, oldest first. */
  requests: CompletionRequest[];
  close(): Promise<void>;
}

export async function startScriptedOpenAiServer(script: CompletionScript): Promise<ScriptedOpenAiServer> {
  const requests: CompletionRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      // The model list, as the servers' start-up check reads it (model-probe.ts).
      if (req.method === 'GET' && req.url?.endsWith('/models')) {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ object: 'list', data: [{ id: 'scripted', object: 'model' }] }));
        return;
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      let body: CompletionRequest;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as CompletionRequest;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":{"message":"bad JSON"}}');
        return;
      }
      requests.push(body);
      const planned = script(body, requests.length - 1);
      if (planned.status) {
        res
          .writeHead(planned.status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ error: { message: `scripted ${planned.status}`, type: 'server_error' } }));
        return;
      }
      if (body.stream) streamCompletion(res, body, planned, requests.length);
      else
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(wholeCompletion(body, planned, requests.length)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function toolCallsOf(planned: ScriptedCompletion, n: number) {
  return (planned.toolCalls ?? []).map((call, i) => ({
    id: call.id ?? `call_${n}_${i}`,
    type: 'function' as const,
    function: { name: call.name, arguments: JSON.stringify(call.arguments ?? {}) },
  }));
}

function wholeCompletion(body: CompletionRequest, planned: ScriptedCompletion, n: number) {
  const toolCalls = toolCallsOf(planned, n);
  return {
    id: `chatcmpl-${n}`,
    object: 'chat.completion',
    created: 0,
    model: body.model,
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: planned.text ?? null,
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls.length > 0 ? 'tool_calls' : 'stop',
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
  };
}

function streamCompletion(
  res: ServerResponse,
  body: CompletionRequest,
  planned: ScriptedCompletion,
  n: number,
): void {
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const base = { id: `chatcmpl-${n}`, object: 'chat.completion.chunk', created: 0, model: body.model };
  const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
  const delta = (d: object, finish: string | null = null) =>
    send({ ...base, choices: [{ index: 0, delta: d, finish_reason: finish }] });
  delta({ role: 'assistant', content: '' });
  const text = planned.text ?? '';
  const size = planned.chunkChars ?? 8;
  const chars = Array.from(text);
  for (let i = 0; i < chars.length; i += size) delta({ content: chars.slice(i, i + size).join('') });
  const toolCalls = toolCallsOf(planned, n);
  toolCalls.forEach((call, index) => {
    delta({
      tool_calls: [
        { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
      ],
    });
    const args = call.function.arguments;
    for (let i = 0; i < args.length; i += size) {
      delta({ tool_calls: [{ index, function: { arguments: args.slice(i, i + size) } }] });
    }
  });
  delta({}, toolCalls.length > 0 ? 'tool_calls' : 'stop');
  send({ ...base, choices: [], usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } });
  res.end('data: [DONE]\n\n');
}
