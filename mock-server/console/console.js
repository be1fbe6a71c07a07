// The demo console's behaviour (served by the mock server at /console, same origin as the control
// API it drives). Plain browser JavaScript with no build step: it only exists for demo staff.
// Live messages come from GET /control/events (server-sent events); the conversation list is read
// again when an unknown conversation speaks and every few seconds (the store has no event for a new
// conversation without messages). Every text from the server is shown as text, never as HTML.

// core's CONTROL_CALL_HEADERS (this file has no build step to import it): the server refuses a
// state-changing control call without them.
const CONTROL_HEADERS = { 'content-type': 'application/json', 'x-mock-control': '1' };
const LIST_REFRESH_MS = 3000;

const state = {
  conversations: [],
  selected: null,
  /** messageId → message, for the selected conversation. */
  messages: new Map(),
};

const $ = (id) => document.getElementById(id);

async function call(method, path, body) {
  const response = await fetch(path, {
    method,
    headers: method === 'GET' ? {} : CONTROL_HEADERS,
    body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
  });
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok) throw new Error(json?.error?.message ?? `HTTP ${response.status}`);
  return json;
}

function say(message, isError = false) {
  const status = $('status');
  status.textContent = message;
  status.classList.toggle('error', isError);
}

/** Runs a staffer's action and reports how it went in the status line. */
async function act(done, action) {
  try {
    await action();
    say(done);
  } catch (error) {
    say(`Could not do that: ${error.message}`, true);
  }
}

async function refreshConversations() {
  const { conversations } = await call('GET', '/control/conversations');
  state.conversations = conversations;
  renderConversations();
}

function renderConversations() {
  const list = $('conversations');
  list.replaceChildren(
    ...state.conversations.map((conversation) => {
      const item = document.createElement('li');
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset.id = conversation.id;
      button.setAttribute('aria-current', String(conversation.id === state.selected));
      const title = document.createElement('span');
      const count = conversation.messageCount;
      title.textContent = `${conversation.businessId} · ${count} ${count === 1 ? 'message' : 'messages'}`;
      const last = document.createElement('small');
      last.textContent =
        conversation.latestMessage?.text ?? conversation.lastMessage?.text ?? conversation.id;
      button.append(title, last);
      button.addEventListener('click', () => select(conversation.id));
      item.append(button);
      return item;
    }),
  );
  $('no-conversations').hidden = state.conversations.length > 0;
}

async function select(id) {
  state.selected = id;
  state.messages.clear();
  renderConversations();
  $('detail').hidden = false;
  const [{ messages }, scenario] = await Promise.all([
    call('GET', `/control/conversations/${encodeURIComponent(id)}/messages`),
    call('GET', `/control/conversations/${encodeURIComponent(id)}/scenario`),
  ]);
  for (const { message } of messages) state.messages.set(message.id, message);
  renderMessages();
  renderScenario(scenario);
}

function renderScenario(scenario) {
  const playing = scenario.scenario
    ? `plays "${scenario.scenario}" (set on the ${scenario.via})`
    : 'built-in assistant';
  const step = scenario.progress?.lastStep ? `, last step ${scenario.progress.lastStep.index + 1}` : '';
  const pending = scenario.interruptPending ? ', phone verification waiting for the next reply' : '';
  $('detail-meta').textContent = `${state.selected}: ${playing}${step}${pending}`;
  if (scenario.scenario) $('scenario-select').value = scenario.scenario;
}

function renderMessages() {
  const list = $('messages');
  const ordered = [...state.messages.values()].sort((a, b) => a.createdAt - b.createdAt);
  list.replaceChildren(
    ...ordered.map((message) => {
      const item = document.createElement('li');
      item.dataset.role = message.role;
      item.dataset.streaming = String(message.streaming === true);
      const who = message.role === 'user' ? 'Visitor' : message.role === 'model' ? 'Assistant' : 'System';
      item.setAttribute('aria-label', `${who}${message.type === 'auth' ? ' (phone verification)' : ''}`);
      item.textContent = message.text;
      return item;
    }),
  );
  list.scrollTop = list.scrollHeight;
}

async function refreshSelected() {
  if (!state.selected) return;
  renderScenario(await call('GET', `/control/conversations/${encodeURIComponent(state.selected)}/scenario`));
}

async function loadScenarios() {
  const { scenarios } = await call('GET', '/control/scenarios');
  const select = $('scenario-select');
  const none = new Option('Built-in assistant (no scenario)', '');
  select.replaceChildren(
    none,
    ...scenarios.map((scenario) => {
      const option = new Option(`${scenario.id}${scenario.valid ? '' : ' (invalid)'}`, scenario.id);
      option.disabled = !scenario.valid && !scenario.servingLastValid;
      return option;
    }),
  );
}

async function refreshClock() {
  const clock = await call('GET', '/control/clock');
  const hours = clock.offsetMs / 3_600_000;
  const offset = hours === 0 ? 'real time' : `${hours > 0 ? '+' : ''}${hours.toFixed(1)} h from real time`;
  $('clock').textContent = `Server clock: ${new Date(clock.nowMs).toLocaleString()} (${offset})`;
}

function listen() {
  const events = new EventSource('/control/events');
  events.onmessage = (event) => {
    const { conversationId, message } = JSON.parse(event.data);
    if (conversationId === state.selected) {
      state.messages.set(message.id, message);
      renderMessages();
    }
    if (!state.conversations.some((c) => c.id === conversationId)) void refreshConversations();
  };
  events.onerror = () => say('Lost the live connection to the mock server; retrying…', true);
  events.onopen = () => say('Connected to the mock server.');
}

function wire() {
  $('send-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = $('staff-text').value.trim();
    if (!state.selected || !text) return;
    void act('Message sent to the visitor.', async () => {
      await call('POST', `/control/conversations/${encodeURIComponent(state.selected)}/messages`, { text });
      $('staff-text').value = '';
    });
  });
  $('staff-text').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) $('send-form').requestSubmit();
  });
  $('scenario-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const scenario = $('scenario-select').value || null;
    void act(scenario ? `Scenario "${scenario}" attached.` : 'Back to the built-in assistant.', async () => {
      renderScenario(
        await call('PUT', `/control/conversations/${encodeURIComponent(state.selected)}/scenario`, {
          scenario,
        }),
      );
    });
  });
  $('restart-scenario').addEventListener('click', () =>
    act('The scenario starts over at its first step.', async () => {
      renderScenario(
        await call('POST', `/control/conversations/${encodeURIComponent(state.selected)}/scenario/restart`),
      );
    }),
  );
  $('interrupt-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const message = $('interrupt-text').value.trim();
    void act('The next reply asks the visitor to verify their phone.', async () => {
      renderScenario(
        await call(
          'POST',
          `/control/conversations/${encodeURIComponent(state.selected)}/interrupt`,
          message ? { message } : {},
        ),
      );
    });
  });
  const FAULTS = {
    chat: { operation: 'chat', error: 503, count: 1 },
    listen: { operation: 'listen', error: 'unavailable', count: 1 },
    'otp.send': { operation: 'otp.send', error: 'unavailable', count: 1 },
  };
  for (const button of document.querySelectorAll('[data-fault]')) {
    button.addEventListener('click', () =>
      act(`Fault injected: ${button.textContent}.`, () =>
        call('POST', '/control/faults', FAULTS[button.dataset.fault]),
      ),
    );
  }
  for (const button of document.querySelectorAll('[data-clock]')) {
    button.addEventListener('click', () =>
      act('Clock moved.', async () => {
        if (button.dataset.clock === 'real') await call('DELETE', '/control/clock');
        else {
          const { offsetMs } = await call('GET', '/control/clock');
          await call('POST', '/control/clock', { offsetMs: offsetMs + Number(button.dataset.clock) });
        }
        await refreshClock();
      }),
    );
  }
  $('reset-all').addEventListener('click', () => {
    if (!window.confirm('Reset everything? Every conversation is deleted and the fixtures come back.'))
      return;
    void act('Everything is back to the fixtures.', async () => {
      await call('POST', '/control/reset');
      state.selected = null;
      $('detail').hidden = true;
      await refreshConversations();
      await refreshClock();
    });
  });
}

wire();
listen();
await Promise.all([refreshConversations(), loadScenarios(), refreshClock()]).catch((error) =>
  say(`Could not reach the mock server: ${error.message}`, true),
);
setInterval(() => {
  void refreshConversations().catch(() => {});
  void refreshSelected().catch(() => {});
}, LIST_REFRESH_MS);
