/**
 * The assistant's reply as Markdown, with the Markdown renderer (react-markdown, micromark, mdast/hast:
 * about 110 kB of the page's script, a fifth of it) loaded apart from the page's first script
 * (decision 0036). A new visitor's first screen shows no reply, so the renderer loads when it is about
 * to be needed: when the visitor starts typing or tapping (preloadOnIntent, from main.tsx), or when a
 * reply is to be shown. Once loaded, a reply renders at once, as before.
 *
 * While it loads (a returning visitor's replies arriving before it), a reply shows as its plain text,
 * paragraph by paragraph, in the same box; the Markdown replaces it as soon as the renderer is there.
 * A renderer that cannot be loaded (the network went away) leaves plain text, and is asked for again
 * with the next reply.
 */
import { Suspense, use } from 'react';
import { visibleText } from '@chat/core';
import type * as Renderer from './assistant-markdown.js';

type RendererModule = typeof Renderer;
/** The module, or null when it could not be loaded; `status`/`value` let React's use() read it at once. */
type Loading = Promise<RendererModule | null> & { status?: 'fulfilled'; value?: RendererModule | null };

let loading: Loading | null = null;

/** Starts loading the renderer (once); resolves with it, or null when it could not be loaded. */
export function preloadAssistantMarkdown(): Promise<RendererModule | null> {
  if (loading) return loading;
  const started: Loading = import('./assistant-markdown.js').catch((error: unknown) => {
    console.warn('[markdown] the renderer could not be loaded; replies show as plain text', error);
    return null;
  });
  void started.then((module) => {
    started.status = 'fulfilled';
    started.value = module;
    // Not loaded: the next reply asks again.
    if (module === null && loading === started) loading = null;
  });
  loading = started;
  return started;
}

/**
 * Loads the renderer at the visitor's first sign of writing — a key, a tap, text put into a box — so it
 * is there before their first reply, without costing the first screen anything.
 */
export function preloadOnIntent(target: Pick<Document, 'addEventListener' | 'removeEventListener'>): void {
  const events = ['keydown', 'pointerdown', 'input'] as const;
  const preload = () => {
    for (const event of events) target.removeEventListener(event, preload, true);
    void preloadAssistantMarkdown();
  };
  for (const event of events) target.addEventListener(event, preload, true);
}

type Props = { text: string; streaming?: boolean };

function PlainReply({ text }: Props) {
  const paragraphs = visibleText(text)
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

function LoadedReply(props: Props) {
  const renderer = use(preloadAssistantMarkdown());
  return renderer ? <renderer.AssistantMarkdown {...props} /> : <PlainReply {...props} />;
}

/** AssistantMarkdown (assistant-markdown.tsx), loaded when first needed. */
export function LazyAssistantMarkdown(props: Props) {
  return (
    <Suspense fallback={<PlainReply {...props} />}>
      <LoadedReply {...props} />
    </Suspense>
  );
}
