/**
 * The floor server: the least our stack can do for the same wire contract, with the same libraries as the
 * mock server (Express 5, express.json, socket.io) and nothing else — no validation, ownership, journal,
 * logging, helmet or rate limits. Its answers have the shapes the local backend (@chat/local) reads, so the
 * same visitors — ChatSession over the local backend (scripts/bench/visitors.ts) — drive both servers and
 * the ratio says what the product adds.
 *
 * - GET /data/businesses/:id → an approved business of that id (the floor page's welcome reads its name)
 * - POST /data/conversations → 201 a conversation that never expires
 * - POST /data/conversations/:id/messages → Map (under the id the client chose) → socket.io room emit
 *   (messages:upsert) → 201 message
 * - POST /api/chat → a reply message created and grown in `STREAM_CHUNK_CHARS` steps every
 *   `STREAM_INTERVAL_MS`, each step a room emit, exactly as the mock server streams → 200 {}
 * - socket.io messages:subscribe (ack { ok, messages }) and `echo` (ack with the payload) for the page's
 *   round-trip floor.
 *
 * Times are epoch milliseconds, as the mock server stamps them.
 *
 * Run as its own process (the benchmark client never shares a process with a server); prints the mock
 * server's `mock server listening` JSON line so one launcher serves both.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Server } from 'socket.io';

interface FloorMessage {
  id: string;
  role: string;
  text: string;
  createdAt: number;
  streaming?: boolean;
}

const port = Number(process.env.PORT ?? 0);
const chunkChars = Number(process.env.STREAM_CHUNK_CHARS ?? 12);
const intervalMs = Number(process.env.STREAM_INTERVAL_MS ?? 0);
const origins = (process.env.CORS_ORIGINS ?? '').split(',').filter(Boolean);
/** As long as a typical reply of the mock server's assistant (see scripts/bench/visitors.ts). */
const REPLY = process.env.FLOOR_REPLY ?? 'We are open **Tuesday to Saturday, 9:00–18:00**. '.repeat(4);

const BUSINESS_NAME = 'Bella Vista Salon';
const conversations = new Map<string, FloorMessage[]>();
let nextId = 0;
let seq = 0;

const app = express();
app.use(express.json());
app.use((req, res, next) => {
  // The floor page (another origin) reads these answers.
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('access-control-allow-headers', 'content-type');
  if (req.method === 'OPTIONS') res.status(204).end();
  else next();
});
const httpServer = createServer(app);
const io = new Server(httpServer, { cors: { origin: origins.length ? origins : '*' } });

const emit = (conversationId: string, message: FloorMessage) => {
  seq += 1;
  io.to(conversationId).emit('messages:upsert', { conversationId, seq, message: { ...message } });
};

app.get('/data/businesses/:id', (req, res) => {
  res.json({ id: req.params.id, businessName: BUSINESS_NAME, verification: { status: 'approved' } });
});

app.post('/data/conversations', (req, res) => {
  const id = `c${(nextId += 1)}`;
  conversations.set(id, []);
  const now = Date.now();
  const { businessId } = req.body as { businessId: string };
  res
    .status(201)
    .json({ id, businessId, createdAt: now, updatedAt: now, expiredAt: Number.MAX_SAFE_INTEGER });
});

app.post('/data/conversations/:id/messages', (req, res) => {
  const messages = conversations.get(req.params.id);
  if (!messages) return void res.status(404).json({ error: 'not found' });
  const body = req.body as { id?: string; role: string; text: string };
  const message: FloorMessage = {
    id: body.id ?? `m${(nextId += 1)}`,
    role: body.role,
    text: body.text,
    createdAt: Date.now(),
  };
  messages.push(message);
  emit(req.params.id, message);
  res.status(201).json(message);
});

app.post('/api/chat', (req, res) => {
  const conversationId = (req.body as { conversationId: string }).conversationId;
  const messages = conversations.get(conversationId);
  if (!messages) return void res.status(404).json({ error: 'not found' });
  const chars = Array.from(REPLY);
  const steps = chunkChars > 0 ? Math.ceil(chars.length / chunkChars) : 1;
  const size = chunkChars > 0 ? chunkChars : chars.length;
  const message: FloorMessage = {
    id: `m${(nextId += 1)}`,
    role: 'model',
    text: chars.slice(0, size).join(''),
    createdAt: Date.now(),
    streaming: steps > 1,
  };
  messages.push(message);
  emit(conversationId, message);
  let step = 1;
  const grow = () => {
    message.text += chars.slice(step * size, (step + 1) * size).join('');
    step += 1;
    if (step >= steps) delete message.streaming;
    emit(conversationId, message);
    if (step < steps) setTimeout(grow, intervalMs);
  };
  if (steps > 1) setTimeout(grow, intervalMs);
  res.json({});
});

io.on('connection', (socket) => {
  socket.on('messages:subscribe', (payload: { conversationId: string }, ack: (answer: unknown) => void) => {
    void socket.join(payload.conversationId);
    const messages = conversations.get(payload.conversationId) ?? [];
    ack({ ok: true, messages: messages.map((message) => ({ seq, message })) });
  });
  socket.on('echo', (payload: unknown, ack: (answer: unknown) => void) => ack(payload));
});

httpServer.listen(port, '127.0.0.1', () => {
  const address = httpServer.address() as AddressInfo;
  const url = `http://127.0.0.1:${address.port}`;
  console.log(JSON.stringify({ msg: 'mock server listening', port: address.port, url }));
});
const stop = () => {
  io.close();
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
