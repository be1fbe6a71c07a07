/**
 * The message box and send button (§5, §9): at most 2048 characters, trimmed, never blank; Enter
 * sends and Shift+Enter adds a line; the box grows with its text up to 300px and then scrolls.
 *
 * The limit is enforced in onChange and onPaste rather than with the maxLength attribute: maxLength
 * would silently drop the extra text, and §5 asks for a toast telling the visitor what happened.
 *
 * The box holds no text of its own: it shows `text` and asks `onTextChange` to change it, so the text
 * has one owner — the chat session's draft in the conversation view, the early composer's store in
 * the frames before it (issue 30).
 */
import {
  useEffect,
  useId,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type Ref,
} from 'react';
import {
  INPUT_MAX_HEIGHT_PX,
  MAX_MESSAGE_LENGTH,
  applyPaste,
  clampToLimit,
  isBlank,
  normaliseOutgoing,
} from '@chat/core';
import { PAGE_TEXT, TOAST_TEXT } from '../../lib/i18n/active-text.js';
import { SendIcon } from '../../components/icons/send-icon.js';
import { useToast } from '../../components/toast/toast-provider.js';
import './composer.css';

/** The character counter appears once the text is longer than this. */
export const COUNTER_THRESHOLD = 1800;

export interface ComposerProps {
  /** Disables the box and the button (business not approved, sign-in pending). */
  disabled: boolean;
  /** Shown while disabled, e.g. 'Chat disabled - verification pending'. */
  placeholder?: string;
  /**
   * Called with the trimmed, non-blank text; the box is cleared at once. A message that cannot be
   * saved waits in the conversation with 'Not sent' and Retry (the session's outbox), not in the box.
   */
  onSend(text: string): void;
  autoFocus?: boolean;
  /** The message box, for the page to move focus to it. */
  ref?: Ref<HTMLTextAreaElement>;
  /** What the box shows: its owner's text (the session's draft, or the early composer's). */
  text: string;
  /** Asks the owner to change the text: the visitor typed or pasted, or sent it (''). */
  onTextChange(text: string): void;
  /**
   * The box shows its text but takes no edits and sends nothing: a message the visitor sent before the
   * conversation existed, waiting for it (EarlyComposer).
   */
  readOnly?: boolean;
  /**
   * Where the caret and selection start, and whether the box starts with the focus — set as the box is
   * put in the document, before it is painted: a box that replaces another one (the frames the page
   * shows while it starts) keeps the visitor where they were.
   */
  initialCaret?: { start: number; end: number; focused: boolean } | null;
  /** Told where the caret or selection is and whether the box has the focus, as they change. */
  onCaretChange?(caret: { start: number; end: number } | { focused: boolean }): void;
}

/** Whether the browser grows a text box with its text (CSS field-sizing: Chromium 123+). */
const BOX_SIZES_ITSELF = typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content') === true;

export function Composer({
  disabled,
  placeholder,
  onSend,
  autoFocus = false,
  ref,
  text,
  onTextChange,
  readOnly = false,
  initialCaret = null,
  onCaretChange,
}: ComposerProps) {
  const toast = useToast();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => inputRef.current as HTMLTextAreaElement, []);
  // Where the caret goes after a paste we inserted ourselves (React resets it when the value changes).
  const pendingCaret = useRef<number | null>(null);
  const counterId = useId();
  const shownPlaceholder = disabled
    ? (placeholder ?? PAGE_TEXT.messagePlaceholder)
    : PAGE_TEXT.messagePlaceholder;

  // Re-measured when the placeholder changes too: an empty box is as tall as its placeholder, which
  // can take two lines on a phone ('Verify your phone number above to continue'). Not where the browser
  // sizes the box to its text itself (composer.css, field-sizing): measuring forces a layout of the
  // whole page in the middle of React's commit — the largest single cost of ours in the page's start
  // on a phone's CPU (decision 0036), and again at every key and send.
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    if (!BOX_SIZES_ITSELF) {
      // Measure the content height from scratch so the box also shrinks when text is removed.
      input.style.height = 'auto';
      // scrollHeight is 0 while the box is not laid out (hidden); keep the CSS height then.
      if (input.scrollHeight > 0)
        input.style.height = `${Math.min(input.scrollHeight, INPUT_MAX_HEIGHT_PX)}px`;
    }
    if (pendingCaret.current !== null) {
      input.setSelectionRange(pendingCaret.current, pendingCaret.current);
      pendingCaret.current = null;
    }
  }, [text, shownPlaceholder]);

  useEffect(() => {
    if (autoFocus && !disabled) inputRef.current?.focus();
  }, [autoFocus, disabled]);

  // Read once: the box's starting caret, in the same task as it enters the document.
  const [startCaret] = useState(initialCaret);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!input || !startCaret || disabled) return;
    const end = input.value.length;
    input.setSelectionRange(Math.min(startCaret.start, end), Math.min(startCaret.end, end));
    if (startCaret.focused) input.focus({ preventScroll: true });
    // Only as the box first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const canSend = !disabled && !readOnly && !isBlank(text);

  const send = () => {
    if (!canSend) return;
    const outgoing = normaliseOutgoing(text);
    onSend(outgoing);
    onTextChange('');
    inputRef.current?.focus();
  };

  const onChange = (value: string) => {
    const clamped = clampToLimit(value);
    if (clamped.truncated) toast.show(TOAST_TEXT.truncated);
    onTextChange(clamped.text);
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (readOnly) return;
    const pasted = event.clipboardData.getData('text/plain');
    // Nothing textual (an image, say): let the browser do what it does, which inserts nothing.
    if (!pasted) return;
    event.preventDefault();
    const input = event.currentTarget;
    const outcome = applyPaste(text, pasted, input.selectionStart, input.selectionEnd);
    if (outcome.kind === 'at-limit') {
      toast.show(TOAST_TEXT.pasteAtLimit);
      return;
    }
    if (outcome.kind === 'truncated') toast.show(TOAST_TEXT.pasteTruncated);
    pendingCaret.current = outcome.caret;
    onTextChange(outcome.text);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey) return;
    // Enter that confirms an IME composition (Japanese, Chinese…) must not send; 229 is how Safari
    // reports those keys.
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  const showCounter = text.length > COUNTER_THRESHOLD;

  return (
    <form
      className="composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <div className="composer__field">
        <textarea
          ref={inputRef}
          className="composer__input"
          // The visitor may write in a right-to-left script on a left-to-right page: the text's own
          // direction, so its punctuation sits where its reader expects it.
          dir="auto"
          aria-label={PAGE_TEXT.messageLabel}
          aria-describedby={showCounter ? counterId : undefined}
          rows={1}
          value={text}
          disabled={disabled}
          readOnly={readOnly || undefined}
          aria-busy={readOnly || undefined}
          placeholder={shownPlaceholder}
          enterKeyHint="send"
          style={{ maxHeight: `${INPUT_MAX_HEIGHT_PX}px`, overflowY: 'auto' }}
          onChange={(event) => onChange(event.target.value)}
          onPaste={onPaste}
          onKeyDown={onKeyDown}
          onSelect={
            onCaretChange
              ? (event) =>
                  onCaretChange({
                    start: event.currentTarget.selectionStart,
                    end: event.currentTarget.selectionEnd,
                  })
              : undefined
          }
          onFocus={onCaretChange ? () => onCaretChange({ focused: true }) : undefined}
          // A box taken out of the document (the next frame replaces it) keeps its last answer.
          onBlur={
            onCaretChange
              ? (event) => {
                  if (event.currentTarget.isConnected) onCaretChange({ focused: false });
                }
              : undefined
          }
        />
        {showCounter && (
          <span
            id={counterId}
            className={
              text.length >= MAX_MESSAGE_LENGTH
                ? 'composer__counter composer__counter--full'
                : 'composer__counter'
            }
          >
            {text.length}/{MAX_MESSAGE_LENGTH}
          </span>
        )}
      </div>
      <button type="submit" className="composer__send" aria-label={PAGE_TEXT.send} disabled={!canSend}>
        <SendIcon size={20} />
      </button>
    </form>
  );
}
