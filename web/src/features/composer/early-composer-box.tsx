import { useLayoutEffect, useRef, useState } from 'react';
import { Composer } from './composer.js';
import {
  adoptEarlyBox,
  earlyComposerNow,
  requestEarlySend,
  setEarlyDraft,
  setEarlyFocus,
  setEarlySelection,
  useEarlyComposer,
} from './early-composer.js';

/**
 * The composer of the frames the page shows before the conversation exists (the business loading, the
 * conversation being created): usable from the first frame (issue 31). It takes over what the visitor
 * typed in index.html's box (caret, selection and focus included), keeps it in the page's early
 * composer store between frames, and an Enter holds the text, read-only, until the conversation view
 * sends it (features/composer/early-composer.ts).
 */
export function EarlyComposer({ businessId = '' }: { businessId?: string }) {
  // What index.html's box holds as this first renders; again as it is committed, in case the visitor
  // typed in between (a render can yield on a slow phone).
  useState(() => adoptEarlyBox(businessId, false));
  useLayoutEffect(() => adoptEarlyBox(businessId, true), [businessId]);
  const early = useEarlyComposer();
  const held = early.pendingSend !== null;
  // The box starts where the previous one left the visitor — caret, selection, focus — set before it
  // is painted (the previous box records it as it leaves, after this render: so read here, not there).
  const boxRef = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const now = earlyComposerNow();
    if (now.selection && now.pendingSend === null) {
      const end = box.value.length;
      box.setSelectionRange(Math.min(now.selection.start, end), Math.min(now.selection.end, end));
    }
    if (now.focused) box.focus({ preventScroll: true });
    return () => {
      // A box already taken out of the document has lost the focus it had: keep the last answer then.
      if (box.isConnected) setEarlyFocus(box.ownerDocument.activeElement === box);
      if (now.pendingSend === null) setEarlySelection(box.selectionStart, box.selectionEnd);
    };
  }, [early.revision]);
  return (
    <div className="chat-footer">
      <div className="chat-column">
        <Composer
          ref={boxRef}
          // A new box whenever the text comes from elsewhere (taken over, held for sending).
          key={early.revision}
          disabled={false}
          readOnly={held}
          // The store owns the text: the box shows it (a held message, read-only, takes no change).
          text={held ? (early.pendingSend ?? '') : early.draft}
          onTextChange={setEarlyDraft}
          onCaretChange={(change) =>
            'focused' in change ? setEarlyFocus(change.focused) : setEarlySelection(change.start, change.end)
          }
          onSend={requestEarlySend}
        />
      </div>
    </div>
  );
}
