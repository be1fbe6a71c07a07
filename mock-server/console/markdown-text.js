// A message's markdown as the visitor's page shows it, built as DOM nodes (never as HTML, so no text
// from the server can become markup): paragraphs, "- " and "1. " lists, **bold**, *italic* or _italic_, `code`
// and [links](https://…) (http and https only; anything else stays text). What it does not know
// stays as written.

const INLINE =
  /\*\*([^*]+)\*\*|__([^_]+)__|\*([^*\s][^*]*)\*|(?<![\w])_([^_\s][^_]*)_(?![\w])|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Appends `text`'s inline markdown to `parent`. */
function appendInline(parent, text) {
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) parent.append(text.slice(last, match.index));
    const [whole, bold, bold2, italicStar, italicLine, code, label, href] = match;
    const italic = italicStar ?? italicLine;
    if (bold !== undefined || bold2 !== undefined || italic !== undefined) {
      const element = document.createElement(italic === undefined ? 'strong' : 'em');
      appendInline(element, bold ?? bold2 ?? italic);
      parent.append(element);
    } else if (code !== undefined) {
      const element = document.createElement('code');
      element.textContent = code;
      parent.append(element);
    } else if (/^https?:\/\//i.test(href)) {
      const link = document.createElement('a');
      link.href = href;
      link.target = '_blank';
      link.rel = 'noopener noreferrer';
      appendInline(link, label);
      parent.append(link);
    } else {
      parent.append(whole);
    }
    last = match.index + whole.length;
  }
  if (last < text.length) parent.append(text.slice(last));
}

/** `text` as block elements (paragraphs and lists) in a fragment. */
export function markdownFragment(text) {
  const fragment = document.createDocumentFragment();
  let list = null;
  let paragraph = null;
  for (const line of text.split('\n')) {
    const item = /^\s*(?:[-*+]|(\d+)[.)])\s+(.*)$/.exec(line);
    if (item) {
      const tag = item[1] === undefined ? 'UL' : 'OL';
      if (!list || list.tagName !== tag) {
        list = document.createElement(tag.toLowerCase());
        fragment.append(list);
      }
      const li = document.createElement('li');
      appendInline(li, item[2]);
      list.append(li);
      paragraph = null;
    } else if (line.trim() === '') {
      list = null;
      paragraph = null;
    } else {
      list = null;
      if (!paragraph) {
        paragraph = document.createElement('p');
        fragment.append(paragraph);
      } else {
        paragraph.append(document.createElement('br'));
      }
      appendInline(paragraph, line.trim());
    }
  }
  return fragment;
}
