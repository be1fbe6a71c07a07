// The business's side (issue 27): what each business's team would see in its feed — signups, booking
// requests and hand-offs the chat service passed on — newest first, each with its conversation one
// click away. Read from GET /control/businesses/{id}/feed for every business a conversation is listed
// for, whenever the conversation list is read. Every text is shown as text, never as HTML.
import { businessTime } from './business-time.js';
import { placeChildren, setText } from './keyed-children.js';

/** What each feed item's type is called on the console. */
const TYPE_LABEL = {
  NEW_SIGNUP: 'Signup',
  BOOKING_REQUEST: 'Booking request',
  HANDOFF: 'Hand-off',
};

/**
 * `container` holds one section per business; `onOpen(conversationId)` opens a conversation in the
 * panel beside (the same as picking it in the list).
 */
export function createFeedPanel(container, { onOpen }) {
  /** Business id → its section's elements; feed item id → its entry. */
  const sections = new Map();
  const entries = new Map();

  function sectionFor(businessId) {
    let section = sections.get(businessId);
    if (section) return section;
    const element = document.createElement('section');
    element.className = 'feed';
    const heading = document.createElement('h3');
    const empty = document.createElement('p');
    empty.className = 'hint';
    empty.textContent = 'Nothing yet: a signup, a booking request or a hand-off shows here.';
    const list = document.createElement('ol');
    list.className = 'feed-items';
    element.append(heading, empty, list);
    section = { element, heading, empty, list };
    sections.set(businessId, section);
    return section;
  }

  function entryFor(item) {
    let entry = entries.get(item.id);
    if (entry) return entry;
    const element = document.createElement('li');
    element.className = `feed-item feed-item--${item.type.toLowerCase()}`;
    const label = document.createElement('p');
    label.className = 'label';
    const message = document.createElement('p');
    const request = document.createElement('blockquote');
    const summary = document.createElement('p');
    summary.className = 'hint';
    const open = document.createElement('button');
    open.type = 'button';
    open.textContent = 'Open conversation';
    open.addEventListener('click', () => onOpen(item.conversationId));
    element.append(label, message, request, summary, open);
    entry = { element, label, message, request, summary, open };
    entries.set(item.id, entry);
    return entry;
  }

  return {
    /**
     * Shows `feeds`: [{ businessId, businessName, timeZone, items }], items as the feed route lists
     * them (oldest first); `listed(conversationId)` says whether a conversation can be opened.
     */
    render(feeds, listed) {
      const wantedSections = feeds.map(({ businessId, businessName, timeZone, items }) => {
        const section = sectionFor(businessId);
        setText(section.heading, `${businessName ?? businessId} — ${items.length} in the feed`);
        section.empty.hidden = items.length > 0;
        const wanted = [...items].reverse().map((item) => {
          const entry = entryFor(item);
          const phone = item.customerPhone ? ` · ${item.customerPhone}` : '';
          setText(
            entry.label,
            `${TYPE_LABEL[item.type] ?? item.type} · ${businessTime(item.createdAt, timeZone)}${phone}`,
          );
          setText(entry.message, item.message);
          entry.request.hidden = !item.request;
          setText(entry.request, item.request ?? '');
          entry.summary.hidden = !item.summary;
          setText(entry.summary, item.summary ? `Summary: ${item.summary}` : '');
          entry.open.disabled = !listed(item.conversationId);
          entry.open.title = entry.open.disabled
            ? 'This conversation is not listed (nothing was said in it)'
            : '';
          return entry.element;
        });
        placeChildren(section.list, wanted);
        return section.element;
      });
      placeChildren(container, wantedSections);
    },
  };
}
