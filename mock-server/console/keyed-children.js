// Updating a list in place, shared by the conversation list and the messages: the elements are
// kept (one per conversation or message id, by the caller) rather than rebuilt, so what the staffer
// is on survives a refresh — the keyboard focus, the scroll position, the screen reader's place —
// and a live region announces only what was added.

/**
 * Makes `wanted` (elements, in order) the children of `container`: removes the others and moves only
 * what is out of place (in the usual refresh nothing moves: lists are ordered by creation time, new
 * ones are only inserted). Answers whether the keyboard focus was inside a removed child, so the
 * caller can put it somewhere sensible rather than leave it on the page's body.
 */
export function placeChildren(container, wanted) {
  const focused = container.contains(document.activeElement) ? document.activeElement : null;
  const keep = new Set(wanted);
  for (const child of [...container.children]) {
    if (!keep.has(child)) child.remove();
  }
  wanted.forEach((element, index) => {
    const current = container.children[index];
    if (current !== element) container.insertBefore(element, current ?? null);
  });
  if (focused === null) return false;
  if (!focused.isConnected) return true;
  // Moving an element takes the focus away from what is inside it: give it back.
  if (document.activeElement !== focused) focused.focus({ preventScroll: true });
  return false;
}

/** Sets an element's text only when it changed (no needless mutation for live regions to read out). */
export function setText(element, text) {
  if (element.textContent !== text) element.textContent = text;
}
