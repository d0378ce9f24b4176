import { type Editor, useEditorState } from "@tiptap/react";
import { useRef, useState } from "react";
import { useMessages } from "~/contexts/i18n";
import type { MessageKey } from "~/lib/messages";

interface ToolbarButton {
  key: string;
  label: MessageKey;
  glyph: React.ReactNode;
  run: (editor: Editor) => void;
  /** Toggles report their state (aria-pressed); actions such as "Insert image" do not. */
  active?: (editor: Editor) => boolean;
}

/**
 * "H1" and "H2" drawn, not written: as text they would be a visible name ("H1") that differs from
 * the button's ("Heading 1"), which speech-input users would say in vain.
 */
const headingIcon = (digit: React.ReactNode) => (
  <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
    <path d="M3 5v14M12 5v14M3 12h9" />
    {digit}
  </svg>
);

const BUTTONS: ToolbarButton[] = [
  {
    key: "h1",
    label: "heading1",
    glyph: headingIcon(<path d="M16.5 10.5l2.5-2V19" />),
    run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run(),
    active: (e) => e.isActive("heading", { level: 1 }),
  },
  {
    key: "h2",
    label: "heading2",
    glyph: headingIcon(<path d="M16 10.5a2.5 2.5 0 1 1 4.3 1.8L16 19h5" />),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive("heading", { level: 2 }),
  },
  { key: "bold", label: "bold", glyph: <b>B</b>, run: (e) => e.chain().focus().toggleBold().run(), active: (e) => e.isActive("bold") },
  {
    key: "italic",
    label: "italic",
    glyph: <i className="font-serif">I</i>,
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive("italic"),
  },
  {
    key: "underline",
    label: "underline",
    glyph: <u>U</u>,
    run: (e) => e.chain().focus().toggleUnderline().run(),
    active: (e) => e.isActive("underline"),
  },
  {
    key: "codeBlock",
    label: "codeBlock",
    glyph: <span className="font-mono text-xs">{"</>"}</span>,
    run: (e) => e.chain().focus().toggleCodeBlock().run(),
    active: (e) => e.isActive("codeBlock"),
  },
];

/**
 * The formatting toolbar of docs/product.md#the-article-form (headings 1 and 2, bold, italic, underline, code block, image), with issue 38's citation of a document,
 * following the ARIA toolbar pattern: one Tab stop, arrow keys move between the buttons.
 */
interface EditorToolbarProps {
  editor: Editor;
  controls: string;
  onInsertImage: () => void;
  onPastePreeti: () => void;
  onCiteDocument: () => void;
}

export function EditorToolbar({ editor, controls, onInsertImage, onPastePreeti, onCiteDocument }: EditorToolbarProps) {
  const messages = useMessages();
  const active = useEditorState({
    editor,
    selector: ({ editor: e }) => Object.fromEntries(BUTTONS.map((b) => [b.key, b.active?.(e) ?? false])),
  });
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [focused, setFocused] = useState(0);
  // The formatting toggles, then Insert image, Cite a document and Paste from Preeti.
  const count = BUTTONS.length + 3;

  function onKeyDown(event: React.KeyboardEvent) {
    const moves: Record<string, number> = { ArrowRight: focused + 1, ArrowLeft: focused - 1, Home: 0, End: count - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + count) % count;
    setFocused(next);
    buttons.current[next]?.focus();
  }

  const buttonClass =
    "inline-flex h-9 min-w-9 items-center justify-center rounded px-2 text-sm font-semibold text-neutral-800 hover:bg-neutral-200 aria-pressed:bg-neutral-800 aria-pressed:text-white focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand dark:text-neutral-200 dark:hover:bg-neutral-700 dark:aria-pressed:bg-neutral-100 dark:aria-pressed:text-neutral-900";

  return (
    <div
      role="toolbar"
      aria-label={messages.formattingToolbar}
      aria-controls={controls}
      onKeyDown={onKeyDown}
      className="flex flex-wrap gap-1 border-b border-neutral-300 bg-neutral-50 p-1.5 dark:border-neutral-700 dark:bg-neutral-800/60"
    >
      {BUTTONS.map((button, index) => (
        <button
          key={button.key}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          tabIndex={focused === index ? 0 : -1}
          aria-label={messages[button.label]}
          title={messages[button.label]}
          aria-pressed={active?.[button.key] ?? false}
          onFocus={() => setFocused(index)}
          // Keeps the text selection: a mousedown on the button would otherwise blur the editor.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => button.run(editor)}
          className={buttonClass}
        >
          <span aria-hidden="true">{button.glyph}</span>
        </button>
      ))}
      <button
        ref={(element) => {
          buttons.current[BUTTONS.length] = element;
        }}
        type="button"
        tabIndex={focused === BUTTONS.length ? 0 : -1}
        aria-label={messages.insertImage}
        title={messages.insertImage}
        aria-haspopup="dialog"
        onFocus={() => setFocused(BUTTONS.length)}
        onClick={onInsertImage}
        className={buttonClass}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
          <rect x="3" y="4" width="18" height="16" rx="2" />
          <circle cx="9" cy="10" r="2" />
          <path d="M21 17l-5-5-9 8" />
        </svg>
      </button>
      <button
        ref={(element) => {
          buttons.current[BUTTONS.length + 1] = element;
        }}
        type="button"
        tabIndex={focused === BUTTONS.length + 1 ? 0 : -1}
        aria-label={messages.citeDocument}
        title={messages.citeDocument}
        aria-haspopup="dialog"
        onFocus={() => setFocused(BUTTONS.length + 1)}
        // Keeps the text selection, which the citation's link is laid on.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onCiteDocument}
        className={buttonClass}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
          <path d="M6 3h8l4 4v14H6z" />
          <path d="M14 3v4h4M9 12h6M9 16h4" />
        </svg>
      </button>
      <button
        ref={(element) => {
          buttons.current[BUTTONS.length + 2] = element;
        }}
        type="button"
        tabIndex={focused === BUTTONS.length + 2 ? 0 : -1}
        aria-haspopup="dialog"
        onFocus={() => setFocused(BUTTONS.length + 2)}
        onClick={onPastePreeti}
        className={`${buttonClass} font-medium`}
      >
        {messages.pasteFromPreeti}
      </button>
    </div>
  );
}
