/**
 * The one GitHub-flavoured Markdown feature the assistant's replies need: bare `http(s)://` URLs, `www.`
 * addresses and e-mail addresses become links (which AssistantMarkdown then filters through safeLinkUrl).
 *
 * It works on the parsed tree, in text nodes only: code spans and code blocks are not text, and text inside
 * links is skipped, so neither is touched. GitHub's own extension (micromark-extension-gfm-autolink-literal
 * with mdast-util-gfm-autolink-literal) cost ≈ 3 KiB gzip of the page's first download for a tokenizer of its
 * own; this follows the rules it applies (remark-autolinks.test.tsx holds what it linked):
 * - a URL runs to whitespace or '<'; trailing `! " ' * , . : ; ? _ ~ ]` and unbalanced `)` are left out;
 * - `http(s)://` must not follow a letter; `www.` must start the text or follow whitespace or punctuation;
 *   an e-mail address must not follow a character it could contain;
 * - a domain (up to the first punctuation other than `- . _`) has no `_` in its last two labels; an e-mail
 *   domain has a dot and ends in a letter.
 * Limits, all from reading parsed text rather than the source: character references and backslash escapes
 * are already decoded ('&amp;' at a URL's end stays in it as '&'); emphasis inside a URL ('/*a*') is read as
 * emphasis; the character before a text node (the end of a code span, say) is not seen. A bare 'www.' is
 * not linked (GitHub links its 'www').
 */
import type { Link, Nodes, Text } from 'mdast';
import { SKIP, visit } from 'unist-util-visit';

// A candidate: a URL up to whitespace or '<', or an e-mail address. Each is checked further below.
const CANDIDATE = /((?:https?:\/\/|www\.)[^\s<]*)|[\w+.-]+@[\w-]+(?:\.[a-z\d][\w-]*)+/gi;
// Punctuation GitHub leaves off a URL's end.
const TRAIL = /[!"'*,.:;?_~\]]$/;
// A domain: up to the first whitespace or punctuation other than '-', '.' and '_'.
const DOMAIN = /^(?:[^\s\p{P}\p{S}]|[-._])+/u;

/** The remark plugin: links the bare URLs and e-mail addresses in the tree's text. */
export function remarkAutolinks() {
  return (tree: Nodes) => {
    visit(tree, (node, index, parent) => {
      if (node.type === 'link' || node.type === 'linkReference') return SKIP;
      if (node.type !== 'text' || !parent || index === undefined) return;
      const pieces = autolinkText(node.value);
      if (pieces.length === 1 && pieces[0]?.type === 'text') return;
      // Text only ever sits among phrasing content, which links may join.
      (parent.children as Nodes[]).splice(index, 1, ...pieces);
      return index + pieces.length;
    });
  };
}

/** Splits text into text and link nodes; a text without links comes back as one text node. */
export function autolinkText(value: string): Array<Text | Link> {
  const pieces: Array<Text | Link> = [];
  let done = 0;
  for (const match of value.matchAll(CANDIDATE)) {
    const start = match.index;
    const before = value.charAt(start - 1);
    const link = match[1] ? urlLink(match[1], before) : emailLink(match[0], before);
    if (!link) continue;
    if (start > done) pieces.push({ type: 'text', value: value.slice(done, start) });
    pieces.push({ type: 'link', url: link.url, children: [{ type: 'text', value: link.text }] });
    done = start + link.text.length;
  }
  if (done < value.length) pieces.push({ type: 'text', value: value.slice(done) });
  return pieces;
}

/** The link a URL candidate makes after `before` (the character ahead of it, '' at the start), if any. */
function urlLink(candidate: string, before: string): { text: string; url: string } | undefined {
  const www = /^w/i.test(candidate);
  if (www ? !/^$|[\s\p{P}\p{S}]/u.test(before) : /[a-z]/i.test(before)) return undefined;
  const text = withoutTrail(candidate);
  const domain = DOMAIN.exec(www ? text : text.slice(text.indexOf('//') + 2))?.[0] ?? '';
  const labels = domain.split('.');
  // After 'www' comes a label; after 'https://' comes no punctuation.
  if (!domain || (www ? !labels[1] : /^[-._]/.test(domain)) || labels.slice(-2).join().includes('_')) {
    return undefined;
  }
  return { text, url: www ? `http://${text}` : text };
}

/** The link an e-mail candidate makes after `before`, if any. */
function emailLink(candidate: string, before: string): { text: string; url: string } | undefined {
  return /[\w+.-]/.test(before) || !/[a-z]$/i.test(candidate)
    ? undefined
    : { text: candidate, url: `mailto:${candidate}` };
}

/** A URL without the punctuation that ends its sentence; ')' stays while it closes a '(' in the URL. */
function withoutTrail(url: string): string {
  for (;;) {
    const trail = TRAIL.exec(url);
    if (trail) url = url.slice(0, trail.index);
    else if (url.endsWith(')') && count(url, ')') > count(url, '(')) url = url.slice(0, -1);
    else return url;
  }
}

function count(text: string, character: string): number {
  return text.split(character).length - 1;
}
