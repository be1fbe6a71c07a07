// The live conversations on the left. Each is a button (Tab to it, Enter or Space picks it) named by
// its business, when it started (in the business's time zone) and the visitor's first message; the
// picked one is marked aria-current. The list is read again every few seconds and updated in place,
// keyed by conversation id, so the keyboard focus and the scroll position survive every refresh.
import { businessTime } from './business-time.js';
import { placeChildren, setText } from './keyed-children.js';

/** How much of the newest message an entry shows (its whole text would make a very long button name). */
const PREVIEW_CHARS = 100;

/**
 * `container` is the <ul>; `onPick(id)` runs when the staffer picks an entry; `focusFallback` gets the
 * focus when the entry that had it disappears (a reset deleted its conversation).
 */
export function createConversationList(container, { onPick, focusFallback }) {
  /** Conversation id → its entry's elements. */
  const entries = new Map();

  function entryFor(id) {
    let entry = entries.get(id);
    if (entry) return entry;
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    const title = document.createElement('span');
    const preview = document.createElement('small');
    // The id is what `demo record` takes; it stays on the entry's last line.
    const idLine = document.createElement('small');
    idLine.className = 'conversation-id';
    idLine.textContent = `id ${id}`;
    button.append(title, preview, idLine);
    button.addEventListener('click', () => onPick(id));
    item.append(button);
    entry = { item, button, title, preview };
    entries.set(id, entry);
    return entry;
  }

  function markPicked(pickedId) {
    for (const [id, { button }] of entries) {
      if (id === pickedId) button.setAttribute('aria-current', 'true');
      else button.removeAttribute('aria-current');
    }
  }

  return {
    /** Shows `conversations` (as GET /control/conversations lists them), `pickedId` marked. */
    render(conversations, pickedId) {
      const listed = new Set(conversations.map((conversation) => conversation.id));
      for (const id of entries.keys()) {
        if (!listed.has(id)) entries.delete(id);
      }
      const wanted = conversations.map((conversation) => {
        const entry = entryFor(conversation.id);
        const count = conversation.messageCount;
        const started = conversation.firstVisitorMessage?.createdAt ?? conversation.createdAt;
        setText(
          entry.title,
          [
            conversation.businessName ?? conversation.businessId,
            businessTime(started, conversation.timeZone),
            `${count} ${count === 1 ? 'message' : 'messages'}`,
            ...(conversation.expired ? ['expired'] : []),
          ].join(' · '),
        );
        setText(entry.preview, preview(conversation));
        return entry.item;
      });
      markPicked(pickedId);
      if (placeChildren(container, wanted)) focusFallback.focus();
    },
    markPicked,
  };
}

/** The visitor's first words: what the conversation is about. */
function preview(conversation) {
  const text = conversation.firstVisitorMessage?.text ?? conversation.latestMessage?.text ?? '';
  if (!text) return 'No visitor message yet';
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}
