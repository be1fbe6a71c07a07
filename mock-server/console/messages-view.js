// The picked conversation's messages, updated in place (keyed by message id): a reply that streams
// grows in its own item, the list (a polite live region) announces the items added, and a reply is
// marked aria-busy while it streams so it is read once, complete. The list follows the newest
// message only when the staffer is already at its bottom, so reading older messages is not interrupted.
// Texts are shown as the visitor sees them (markdown rendered, as DOM nodes); a message a staffer
// sent is labelled as the staff's, not the assistant's.
import { placeChildren, setText } from './keyed-children.js';
import { markdownFragment } from './markdown-text.js';

/** How close to the bottom (px) still counts as "at the bottom". */
const BOTTOM_SLACK_PX = 24;

const SPEAKERS = { user: 'Visitor', model: 'Assistant', system: 'System' };
const STAFF_LABEL = 'Staff (sent from this console)';

export function createMessagesView(list) {
  /** Message id → { seq, message }: the newest version of each. */
  const known = new Map();
  /** Message id → its item. */
  const items = new Map();
  /** Staff messages this console sent whose first event has not arrived yet. */
  const staffIds = new Set();

  function itemFor(message) {
    let item = items.get(message.id);
    if (item) return item;
    item = document.createElement('li');
    // Who speaks: for screen readers (sighted staff see it from the bubble's side and colour), and
    // shown for the staff's own messages, which the visitor sees as the assistant's.
    const speaker = document.createElement('span');
    speaker.className = 'sr-only';
    const text = document.createElement('div');
    text.className = 'message-text';
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
    /**
     * Keeps `message` unless a newer version of it (higher sequence number) is already known; `staff`
     * (sent by a staffer) sticks once known, since the first event of a streamed message may lack it.
     */
    put(seq, message, staff = false) {
      const current = known.get(message.id);
      const isStaff = staff || current?.staff === true;
      if (!current || current.seq <= seq) known.set(message.id, { seq, message, staff: isStaff });
      else if (isStaff) current.staff = true;
    },
    /** Marks a message as sent by a staffer (the answer to this console's own send). */
    markStaff(messageId) {
      const current = known.get(messageId);
      if (current) current.staff = true;
      else staffIds.add(messageId);
    },
    /** Shows the known messages in order; `toBottom` scrolls to the newest whatever the position. */
    render({ toBottom = false } = {}) {
      const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight <= BOTTOM_SLACK_PX;
      const ordered = [...known.values()].sort((a, b) => a.message.createdAt - b.message.createdAt);
      const wanted = ordered.map(({ message, staff }) => {
        const item = itemFor(message);
        const streaming = message.streaming === true;
        const isStaff = staff || staffIds.has(message.id);
        item.dataset.role = message.role;
        item.dataset.staff = String(isStaff);
        item.dataset.streaming = String(streaming);
        item.setAttribute('aria-busy', String(streaming));
        const [speaker, text] = item.children;
        const who = isStaff ? STAFF_LABEL : (SPEAKERS[message.role] ?? message.role);
        speaker.className = isStaff ? 'speaker' : 'sr-only';
        setText(
          speaker,
          `${who}${message.type === 'auth' ? ' (phone verification)' : ''}${isStaff ? '' : ': '}`,
        );
        if (text.dataset.source !== message.text) {
          text.dataset.source = message.text;
          text.replaceChildren(markdownFragment(message.text));
        }
        return item;
      });
      placeChildren(list, wanted);
      if (toBottom || atBottom) list.scrollTop = list.scrollHeight;
    },
  };
}
