// The picked conversation's messages, updated in place (keyed by message id): a reply that streams
// grows in its own item, the list (a polite live region) announces the items added, and a reply is
// marked aria-busy while it streams so it is read once, complete. The list follows the newest
// message only when the staffer is already at its bottom, so reading older messages is not interrupted.
import { placeChildren, setText } from './keyed-children.js';

/** How close to the bottom (px) still counts as "at the bottom". */
const BOTTOM_SLACK_PX = 24;

const SPEAKERS = { user: 'Visitor', model: 'Assistant', system: 'System' };

export function createMessagesView(list) {
  /** Message id → { seq, message }: the newest version of each. */
  const known = new Map();
  /** Message id → its item. */
  const items = new Map();

  function itemFor(message) {
    let item = items.get(message.id);
    if (item) return item;
    item = document.createElement('li');
    // Who speaks, for screen readers (sighted staff see it from the bubble's side and colour).
    const speaker = document.createElement('span');
    speaker.className = 'sr-only';
    const text = document.createElement('span');
    item.append(speaker, text);
    items.set(message.id, item);
    return item;
  }

  return {
    /** Forgets every message (another conversation is picked, or none). */
    clear() {
      known.clear();
      items.clear();
      list.replaceChildren();
    },
    /** Keeps `message` unless a newer version of it (higher sequence number) is already known. */
    put(seq, message) {
      const current = known.get(message.id);
      if (!current || current.seq <= seq) known.set(message.id, { seq, message });
    },
    /** Shows the known messages in order; `toBottom` scrolls to the newest whatever the position. */
    render({ toBottom = false } = {}) {
      const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight <= BOTTOM_SLACK_PX;
      const ordered = [...known.values()]
        .map(({ message }) => message)
        .sort((a, b) => a.createdAt - b.createdAt);
      const wanted = ordered.map((message) => {
        const item = itemFor(message);
        const streaming = message.streaming === true;
        item.dataset.role = message.role;
        item.dataset.streaming = String(streaming);
        item.setAttribute('aria-busy', String(streaming));
        const [speaker, text] = item.children;
        const who = SPEAKERS[message.role] ?? message.role;
        setText(speaker, `${who}${message.type === 'auth' ? ' (phone verification)' : ''}: `);
        setText(text, message.text);
        return item;
      });
      placeChildren(list, wanted);
      if (toBottom || atBottom) list.scrollTop = list.scrollHeight;
    },
  };
}
