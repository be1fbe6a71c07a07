// The demo console's behaviour (served by the mock server at /console, same origin as the control
// API it drives). Plain browser JavaScript modules with no build step: it only exists for demo staff.
// Live messages come from GET /control/events (server-sent events); the conversation list, and the
// picked conversation's scenario state, are read again every few seconds (the store has no event for
// a new conversation without messages, nor for a binding), and the list also when an unknown
// conversation speaks. A conversation is listed once it has a message (every page load creates one),
// and no longer once it expired without a visitor message (worthListing).
// The same stream says when a scenario file is saved with a mistake. Every text from the server is
// shown as text, never as HTML (markdown is built as DOM nodes).
import { businessTime, zoneName } from './business-time.js';
import { call, conversationPath, isGone } from './control-api.js';
import { createConversationList } from './conversation-list.js';
import { createFeedPanel } from './feed-panel.js';
import { createMessagesView } from './messages-view.js';
import { createScenarioChoice } from './scenario-choice.js';
import { setText } from './keyed-children.js';
import { showScenarioProblems } from './scenario-problems.js';
import { refreshClock, wireServerControls } from './server-controls.js';
import { act, say } from './status-line.js';

const LIST_REFRESH_MS = 3000;
/** How many of the newest conversations the list shows (a hint says when there are more). */
const LIST_LIMIT = 100;
const PICK_HINT = 'Pick a conversation on the left (Tab to it, then Enter) to see its messages and steer it.';

const $ = (id) => document.getElementById(id);

const state = {
  conversations: [],
  /** The conversation the panel on the right shows and acts on; null: none, the panel only asks for one. */
  picked: null,
};

const conversationList = createConversationList($('conversations'), {
  onPick: (id) => void pick(id),
  focusFallback: $('conversations-title'),
});
const messagesView = createMessagesView($('messages'));
const scenarioChoice = createScenarioChoice($('scenario-select'));
const feedPanel = createFeedPanel($('feeds'), {
  onOpen: (id) => {
    void pick(id);
    $('detail-title').focus();
  },
});

// Answers to list requests can overtake each other: an older one must not undo a newer one.
let listAsked = 0;
let listApplied = 0;

/**
 * Whether a conversation is worth a staffer's look: every page load makes one, so one with a message.
 * An expired one (after "Clock +25 hours") in which the visitor never wrote holds only the page's
 * greeting or the expiry notice: it is left out (issue 28, item 8), so the list after a clock move
 * shows the conversations that happened, not "1 message · expired" for every page merely opened.
 */
function worthListing(conversation) {
  if (conversation.messageCount === 0) return false;
  return !(conversation.expired && conversation.firstVisitorMessage === null);
}

async function refreshConversations() {
  const asked = ++listAsked;
  const { conversations, nextCursor } = await call('GET', `/control/conversations?limit=${LIST_LIMIT}`);
  if (asked < listApplied) return;
  listApplied = asked;
  const spoken = conversations.filter(worthListing);
  state.conversations = spoken;
  conversationList.render(spoken, state.picked);
  $('no-conversations').hidden = spoken.length > 0;
  showVisitorState();
  $('more-conversations').hidden = nextCursor === null;
  void refreshFeeds(conversations).catch(() => {});
  // A whole list without the picked conversation: a reset (here, in a terminal, in a test) deleted it.
  if (state.picked !== null && nextCursor === null && !conversations.some((c) => c.id === state.picked)) {
    conversationGone(state.picked);
  }
}

/** Business id → { businessName, timeZone }, for every business a conversation was listed for. */
const feedBusinesses = new Map();

/** The feed of every business a conversation is (or was) listed for; a reset empties them. */
async function refreshFeeds(conversations) {
  for (const c of conversations) {
    feedBusinesses.set(c.businessId, { businessName: c.businessName ?? null, timeZone: c.timeZone ?? null });
  }
  const feeds = await Promise.all(
    [...feedBusinesses].map(async ([businessId, business]) => {
      try {
        const { items } = await call('GET', `/control/businesses/${encodeURIComponent(businessId)}/feed`);
        return { businessId, ...business, items };
      } catch (error) {
        if (isGone(error)) feedBusinesses.delete(businessId);
        return null;
      }
    }),
  );
  const shown = feeds.filter((feed) => feed !== null);
  feedPanel.render(shown, (id) => state.conversations.some((c) => c.id === id));
  $('no-feeds').hidden = shown.length > 0;
}

let listing = null;
/** Reads the list again unless a read is already on its way (a new conversation's reply streams in many events). */
function refreshConversationsSoon() {
  listing ??= refreshConversations()
    .catch(() => {})
    .finally(() => {
      listing = null;
    });
}

async function pick(id) {
  state.picked = id;
  conversationList.markPicked(id);
  messagesView.clear();
  setText($('detail-meta'), `Loading the conversation (id ${id})…`);
  showPanel(true);
  showVisitorState();
  // The focus stays on the picked entry; this says what happened and where to go next.
  say(`${title(id)} picked: its messages and controls follow the list.`);
  try {
    const [, scenario, { scenarios }] = await Promise.all([
      readMessages(id),
      call('GET', conversationPath(id, '/scenario')),
      call('GET', '/control/scenarios'),
    ]);
    if (state.picked !== id) return;
    messagesView.render({ toBottom: true });
    scenarioChoice.list(scenarios);
    showScenario(scenario, { force: true });
  } catch (error) {
    if (isGone(error)) conversationGone(id);
    else if (state.picked === id) say(`Could not open conversation ${id}: ${error.message}`, true);
  }
}

/** Reads the conversation's stored messages into the view (shown by the next render). */
async function readMessages(id) {
  const { messages } = await call('GET', conversationPath(id, '/messages'));
  if (state.picked !== id) return;
  for (const { seq, message, staff } of messages) messagesView.put(seq, message, staff === true);
}

function showPanel(open) {
  $('detail-empty').hidden = open;
  $('detail-body').hidden = !open;
}

/** Back to no conversation picked, the panel showing `hint`. */
function closePanel(hint) {
  const focusWasInPanel = $('detail-body').contains(document.activeElement);
  state.picked = null;
  conversationList.markPicked(null);
  messagesView.clear();
  $('detail-empty').textContent = hint;
  showPanel(false);
  // Hiding the panel would drop the focus on the page's body: its heading is next to the hint.
  if (focusWasInPanel) $('detail-title').focus();
}

function conversationGone(id) {
  if (state.picked !== id) return;
  const message = `Conversation ${id} is gone (everything was reset, or it was deleted): pick another on the left.`;
  closePanel(message);
  say(message, true);
}

/** The picked (or any listed) conversation's entry from the list, or undefined. */
function listed(id) {
  return state.conversations.find((conversation) => conversation.id === id);
}

/** "Bella Vista Salon, started Nov 26, 3:04 PM (New York time)", or "Conversation <id>" before the list knows it. */
function title(id) {
  const conversation = listed(id);
  if (!conversation) return `Conversation ${id}`;
  const started = conversation.firstVisitorMessage?.createdAt ?? conversation.createdAt;
  return `${conversation.businessName ?? conversation.businessId}, started ${businessTime(started, conversation.timeZone)} (${zoneName(conversation.timeZone)})`;
}

/** Shows a conversation's scenario state (GET …/scenario), in plain words, if it is still the picked one. */
function showScenario(scenario, options) {
  if (scenario.conversationId !== state.picked) return;
  const playing = scenario.scenario
    ? `Answered by the scenario "${scenario.scenario}" (${scenario.via === 'business' ? 'set for its business' : 'attached to this conversation'})`
    : 'Answered by the built-in assistant (no scenario)';
  const last = scenario.progress?.lastStep;
  const step = last
    ? `; it last played step ${last.index + 1}${last.id ? ` (${last.id})` : ''}${scenario.stepCount ? ` of ${scenario.stepCount}` : ''}`
    : '';
  const pending = scenario.interruptPending ? '; phone verification waiting for the next reply' : '';
  setText(
    $('detail-meta'),
    `${title(scenario.conversationId)}. ${playing}${step}${pending}. Id for \`demo record\`: ${scenario.conversationId}`,
  );
  scenarioChoice.show(scenario, options);
}

/** Whether the picked visitor already verified their phone: then asking again is refused, and the card says why. */
function showVisitorState() {
  const verified = listed(state.picked)?.visitorVerified === true;
  $('interrupt-verified').hidden = !verified;
  $('interrupt-form').querySelector('button[type="submit"]').disabled = verified;
  // Signing out is offered only for a visitor who verified.
  $('sign-out-visitor').disabled = !verified;
}

async function refreshPicked() {
  const id = state.picked;
  if (id === null) return;
  try {
    showScenario(await call('GET', conversationPath(id, '/scenario')));
  } catch (error) {
    if (isGone(error)) conversationGone(id);
  }
}

/** An action on the picked conversation; without one, nothing is sent. */
function actOnPicked(done, action) {
  const id = state.picked;
  if (id === null) {
    say('Pick a conversation on the left first.', true);
    return;
  }
  void act(
    done,
    () => action(id),
    (error) => {
      if (id !== state.picked || !isGone(error)) return false;
      conversationGone(id);
      return true;
    },
  );
}

function wire() {
  const box = $('staff-text');
  $('send-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const text = box.value.trim();
    if (!text) {
      say('Type the message to send first.', true);
      box.focus();
      return;
    }
    actOnPicked('Message sent to the visitor.', async (id) => {
      const { message } = await call('POST', conversationPath(id, '/messages'), { text });
      messagesView.markStaff(message.id);
      // Unless the staffer has typed on meanwhile.
      if (box.value.trim() === text) box.value = '';
    });
  });
  box.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) $('send-form').requestSubmit();
  });

  $('scenario-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const scenario = $('scenario-select').value || null;
    actOnPicked(
      (answer) =>
        answer.scenario === null
          ? 'Back to the built-in assistant.'
          : answer.via === 'business'
            ? `Back to its business's scenario "${answer.scenario}", from its first step.`
            : `Scenario "${answer.scenario}" attached.`,
      async (id) => {
        const answer = await call('PUT', conversationPath(id, '/scenario'), { scenario });
        showScenario(answer, { force: true });
        return answer;
      },
    );
  });
  $('restart-scenario').addEventListener('click', () =>
    actOnPicked(
      (answer) =>
        answer.scenario === null
          ? 'It plays no scenario: nothing to restart.'
          : `"${answer.scenario}" starts over at its first step.`,
      async (id) => {
        const answer = await call('POST', conversationPath(id, '/scenario/restart'));
        showScenario(answer);
        return answer;
      },
    ),
  );
  // "Sign the visitor out" (issue 28, item 4): a verified visitor stays signed in through 'New chat',
  // reloads and clock moves, so the verification cannot be shown twice without it. The server signs
  // out every session that spoke in the conversation; the page then asks for the phone again at the
  // next question that needs it.
  $('sign-out-visitor').addEventListener('click', () =>
    actOnPicked(
      'The visitor is signed out: their next question that needs a verified phone shows the verification box again. "Raise on the next reply" works again.',
      async (id) => {
        await call('POST', conversationPath(id, '/sign-out'));
        // The list says who is verified: read it now, so Raise is offered again at once.
        await refreshConversations();
      },
    ),
  );
  $('interrupt-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const message = $('interrupt-text').value.trim();
    actOnPicked('The next reply asks the visitor to verify their phone.', async (id) => {
      showScenario(await call('POST', conversationPath(id, '/interrupt'), message ? { message } : {}));
    });
  });
}

function listen() {
  const events = new EventSource('/control/events');
  let lost = false;
  events.onmessage = (event) => {
    const { conversationId, seq, message, staff } = JSON.parse(event.data);
    if (conversationId === state.picked) {
      messagesView.put(seq, message, staff === true);
      messagesView.render();
    }
    if (!state.conversations.some((c) => c.id === conversationId)) refreshConversationsSoon();
  };
  events.addEventListener('scenarios', (event) =>
    showScenarioProblems($('scenario-problems'), JSON.parse(event.data).scenarios),
  );
  events.onerror = () => {
    lost = true;
    say('Lost the live connection to the mock server; retrying…', true);
  };
  events.onopen = () => {
    say('Connected to the mock server.');
    // Message changes while the connection was down were not streamed: read them.
    const id = state.picked;
    if (lost && id !== null) {
      void readMessages(id)
        .then(() => messagesView.render())
        .catch(() => {});
    }
    lost = false;
  };
}

$('detail-empty').textContent = PICK_HINT;
$('more-conversations').textContent = `Only the ${LIST_LIMIT} newest are listed.`;
wire();
/** The time zone the clock is read in: the picked conversation's business's, else the newest one's. */
const clockZone = () => (listed(state.picked) ?? state.conversations[0])?.timeZone ?? null;

wireServerControls({
  afterReset: async () => {
    closePanel(PICK_HINT);
    await refreshConversations();
  },
  // A clock move can expire conversations: the list marks them, the panel's clock follows.
  afterClockMove: () => refreshConversations(),
  clockZone,
});
listen();
await refreshConversations()
  .then(() => refreshClock(clockZone()))
  .catch((error) => say(`Could not reach the mock server: ${error.message}`, true));
setInterval(() => {
  void refreshConversations()
    .then(() => refreshClock(clockZone()))
    .catch(() => {});
  void refreshPicked();
}, LIST_REFRESH_MS);
