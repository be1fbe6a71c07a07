// Which conversations the console lists. Every page load makes a conversation: one is worth a staffer's
// look once it has a message. An expired one (after "Clock +25 hours") in which the visitor never wrote
// holds only the page's greeting or the expiry notice: it is left out (issue 28, item 8), so the list
// after a clock move shows the conversations that happened, not "1 message · expired" for every page
// that was merely opened.
export function worthListing(conversation) {
  if (conversation.messageCount === 0) return false;
  return !(conversation.expired && conversation.firstVisitorMessage === null);
}
