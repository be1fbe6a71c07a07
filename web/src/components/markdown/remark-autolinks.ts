/**
 * The one GitHub-flavoured Markdown feature the assistant's replies need: bare URLs, `www.` addresses and
 * e-mail addresses become links (which AssistantMarkdown then filters through safeLinkUrl). remark-gfm
 * would also bring tables, strikethrough, footnotes and task lists — and with them mdast-util-to-markdown —
 * into the page's first download, for syntax the assistant never writes.
 */
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import type { Processor } from 'unified';

// remark-parse reads these two lists from the processor's data (remark-gfm declares them the same way).
declare module 'unified' {
  interface Data {
    micromarkExtensions?: Array<ReturnType<typeof gfmAutolinkLiteral>>;
    fromMarkdownExtensions?: Array<ReturnType<typeof gfmAutolinkLiteralFromMarkdown>>;
  }
}

/** The remark plugin: adds the autolink-literal syntax and its tree builder to the parser. */
export function remarkAutolinks(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmAutolinkLiteral());
  (data.fromMarkdownExtensions ??= []).push(gfmAutolinkLiteralFromMarkdown());
}
