/**
 * The assistant's reply rendered as Markdown, safely (§9, issue 4 point 4).
 *
 * - Raw HTML is dropped (skipHtml, and no rehype-raw): the assistant's text is untrusted.
 * - Links keep their href only for http, https, irc, ircs, mailto and xmpp (core safeLinkUrl); any
 *   other link is shown as its plain text. Every link opens in a new tab without access to this page.
 * - Images are never loaded (a reply could otherwise make the visitor's browser fetch any URL); their
 *   alt text is shown instead.
 * - The booking-update marker is removed before parsing.
 * Of GitHub-flavoured Markdown only bare URLs as links is on (remark-autolinks.ts): the assistant writes
 * no tables, strikethrough or footnotes.
 */
import Markdown, { type Components } from 'react-markdown';
import { safeLinkUrl, visibleText } from '@chat/core';
import { remarkAutolinks } from './remark-autolinks.js';
import { completeStreamingMarkdown } from './streaming-markdown.js';
import './assistant-markdown.css';

const COMPONENTS: Components = {
  a({ href, children }) {
    // safeLinkUrl turned a disallowed URL into '': keep the words, lose the link.
    if (!href) return <span className="assistant-markdown__unlinked">{children}</span>;
    return (
      <a className="assistant-markdown__link" href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  },
  img({ alt }) {
    return alt ? <span className="assistant-markdown__image-alt">{alt}</span> : null;
  },
};

const REMARK_PLUGINS = [remarkAutolinks];

/**
 * `streaming`: the reply is still arriving (or was cut where its writer stopped), so its unfinished end
 * is rendered as it would look complete.
 */
export function AssistantMarkdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  const visible = visibleText(text);
  return (
    <div className="assistant-markdown">
      <Markdown
        remarkPlugins={REMARK_PLUGINS}
        skipHtml
        urlTransform={(url) => safeLinkUrl(url)}
        components={COMPONENTS}
      >
        {streaming ? completeStreamingMarkdown(visible) : visible}
      </Markdown>
    </div>
  );
}
