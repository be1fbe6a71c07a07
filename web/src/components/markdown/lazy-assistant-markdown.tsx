/**
 * The assistant's reply as Markdown, with the Markdown renderer (react-markdown, micromark, mdast/hast:
 * about 110 kB of the page's script, a fifth of it) loaded apart from the page's first script
 * (decision 0036). A new visitor's first screen shows no reply, so the renderer loads when it is about
 * to be needed: when the visitor has started typing or tapping and pauses (preloadOnIntent, from
 * main.tsx), or when a reply is to be shown. Once loaded, a reply renders at once, as before.
 *
 * While it loads (a returning visitor's replies arriving before it), a reply shows as its plain text,
 * paragraph by paragraph, in the same box; the Markdown replaces it as soon as the renderer is there.
 * A renderer that cannot be loaded (the network went away) leaves plain text, and is asked for again
 * with the next reply.
 */
import { useEffect, useState } from 'react';
import { visibleText } from '@chat/core';
import { afterNextPaint } from '../../lib/after-next-paint.js';
import type * as Renderer from './assistant-markdown.js';

type RendererModule = typeof Renderer;

/** The load under way or done (null: none, or the last one failed). */
let loading: Promise<RendererModule | null> | null = null;
/** The renderer once it has loaded: what a reply shown later renders with at once. */
let loaded: RendererModule | null = null;

/** Starts loading the renderer (once); resolves with it, or null when it could not be loaded. */
export function preloadAssistantMarkdown(): Promise<RendererModule | null> {
  if (loading) return loading;
  const started = import('./assistant-markdown.js').catch((error: unknown) => {
    console.warn('[markdown] the renderer could not be loaded; replies show as plain text', error);
    return null;
  });
  void started.then((module) => {
    loaded = module;
    // Not loaded: the next reply asks again.
    if (module === null && loading === started) loading = null;
  });
  loading = started;
  return started;
}

/** How long the visitor's writing pauses before the renderer loads (see preloadOnIntent). */
export const WRITING_PAUSE_MS = 500;

/**
 * Loads the renderer once the visitor has started writing — a key, a tap, text put into a box — and
 * then paused for WRITING_PAUSE_MS, so it is there before their first reply without costing the first
 * screen anything. Not at the first key itself: its evaluation is one task (about 20 ms on a laptop,
 * 80 ms on a phone), and a visitor who taps a suggested question, or pastes and sends at once, would
 * have it land just as their message leaves and their reply's first words come; a reply that comes
 * first shows as plain text and loads it then (LazyAssistantMarkdown). `writing`: the visitor has
 * already written (index.html's box held text when the app started), so the pause starts now.
 */
export function preloadOnIntent(
  target: Pick<Document, 'addEventListener' | 'removeEventListener'>,
  {
    writing = false,
    load: loadRenderer = preloadAssistantMarkdown,
  }: { writing?: boolean; load?: () => Promise<unknown> } = {},
): void {
  const events = ['keydown', 'pointerdown', 'input'] as const;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const load = () => {
    for (const event of events) target.removeEventListener(event, wrote, true);
    void loadRenderer();
  };
  function wrote() {
    clearTimeout(timer);
    timer = setTimeout(load, WRITING_PAUSE_MS);
  }
  for (const event of events) target.addEventListener(event, wrote, true);
  if (writing) wrote();
}

type Props = { text: string; streaming?: boolean };

/**
 * A reply's words without its Markdown marks, for the moment before the renderer is there: a link shows
 * as its words, bold and code as their text, an escaped character as itself — so what the visitor reads
 * does not change when the renderer takes over, only how it looks. Lists and italics keep their marks
 * (a single '*' or '_' cannot be told from a bullet or a word's own).
 */
export function withoutMarkdownMarks(text: string): string {
  return text
    .replace(/\[([^[\]]*)\]\([^)\s]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

function PlainReply({ text }: Props) {
  const paragraphs = withoutMarkdownMarks(visibleText(text))
    .split(/\n\s*\n/)
    .filter((paragraph) => /\S/.test(paragraph));
  return (
    <div className="assistant-markdown">
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/**
 * AssistantMarkdown (assistant-markdown.tsx), loaded when first needed. A reply that comes before the
 * renderer shows as plain text first, and the renderer is asked for only after that has been painted:
 * its evaluation (one task) must not hold up the reply's first words.
 */
export function LazyAssistantMarkdown(props: Props) {
  const [renderer, setRenderer] = useState(() => loaded);
  useEffect(() => {
    if (renderer) return;
    let mounted = true;
    const cancel = afterNextPaint(() => {
      void preloadAssistantMarkdown().then((loaded) => {
        if (mounted && loaded) setRenderer(() => loaded);
      });
    });
    return () => {
      mounted = false;
      cancel();
    };
  }, [renderer]);
  return renderer ? <renderer.AssistantMarkdown {...props} /> : <PlainReply {...props} />;
}
