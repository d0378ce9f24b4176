/**
 * The rich-text editor of the article form (docs/product.md#the-article-form): TipTap, loaded as its own chunk by the form
 * only, so that ProseMirror never reaches the reader site or the other admin pages.
 */
import Image from "@tiptap/extension-image";
import { NodeSelection } from "@tiptap/pm/state";
import { EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef, useState } from "react";
import { ARTICLE_BODY_STYLES } from "~/components/article/ArticleBody";
import type { Language } from "~/lib/limits";
import { EditorPlaceholder } from "./EditorPlaceholder";
import { EditorToolbar } from "./EditorToolbar";
import { CiteDocumentDialog } from "./CiteDocumentDialog";
import { ImageDialog } from "./ImageDialog";
import { PreetiDialog } from "./PreetiDialog";

/** docs/product.md#limits-and-constants: a content image is 300 px wide with an auto height (the server's sanitizer keeps both). */
const DEFAULT_IMAGE = { width: 300, style: "width: 300px; height: auto" };

/** Images keep their inline size through an edit, instead of TipTap dropping the style attribute. */
const ContentImage = Image.extend({
  addAttributes() {
    return { ...this.parent?.(), style: { default: null, parseHTML: (element: HTMLElement) => element.getAttribute("style") } };
  },
}).configure({ allowBase64: true });

export interface RichTextEditorProps {
  id: string;
  initialContent: string;
  /** "" when the document is empty, so that the required-content rule applies to it. */
  onChange: (html: string) => void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
  /** The story's language, whose edition a citation of a document links to. */
  language: Language;
}

export default function RichTextEditor({ id, initialContent, onChange, labelledBy, describedBy, invalid, language }: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [imageDialog, setImageDialog] = useState(false);
  const [preetiDialog, setPreetiDialog] = useState(false);
  const [citeDialog, setCiteDialog] = useState(false);

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [StarterKit.configure({ heading: { levels: [1, 2] }, link: { openOnClick: false } }), ContentImage],
    content: initialContent,
    editorProps: {
      attributes: {
        id,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelledBy,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        class: `min-h-72 px-4 py-3 text-base focus:outline-none [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-brand ${ARTICLE_BODY_STYLES}`,
      },
    },
    onUpdate: ({ editor: e }) => onChangeRef.current(e.isEmpty ? "" : e.getHTML()),
  });

  useEffect(() => {
    editor?.view.dom.setAttribute("aria-invalid", invalid ? "true" : "false");
  }, [editor, invalid]);

  return (
    <div
      className={`mt-1 overflow-hidden rounded-md border bg-white focus-within:ring-2 focus-within:ring-brand/30 dark:bg-neutral-900 ${
        invalid ? "border-red-600 dark:border-red-400" : "border-neutral-300 focus-within:border-brand dark:border-neutral-700"
      }`}
    >
      {editor ? (
        <>
          <EditorToolbar editor={editor} controls={id} onInsertImage={() => setImageDialog(true)} onPastePreeti={() => setPreetiDialog(true)} onCiteDocument={() => setCiteDialog(true)} />
          <EditorContent editor={editor} />
          <ImageDialog
            open={imageDialog}
            onClose={() => {
              setImageDialog(false);
              editor.commands.focus();
            }}
            onInsert={({ src, alt }) => {
              const image = { type: "image", attrs: { src, alt: alt || null, ...DEFAULT_IMAGE } };
              const { selection } = editor.state;
              const chain = editor.chain().focus();
              // An image just inserted stays selected: the next one goes after it instead of replacing it.
              (selection instanceof NodeSelection ? chain.insertContentAt(selection.to, image) : chain.insertContent(image)).run();
            }}
          />
          <CiteDocumentDialog
            open={citeDialog}
            language={language}
            hasSelection={!editor.state.selection.empty}
            onClose={() => {
              setCiteDialog(false);
              editor.commands.focus();
            }}
            onInsert={({ href, text }) => {
              const chain = editor.chain().focus();
              // Selected words become the link; with none, the document's title and page are written as one.
              if (editor.state.selection.empty) chain.insertContent({ type: "text", text, marks: [{ type: "link", attrs: { href } }] }).run();
              else chain.extendMarkRange("link").setLink({ href }).run();
            }}
          />
          <PreetiDialog
            open={preetiDialog}
            onClose={() => setPreetiDialog(false)}
            onInsert={(lines) => {
              // Nodes, not an HTML string: the pasted text is never parsed as markup. One line stays inline.
              const content =
                lines.length === 1
                  ? { type: "text", text: lines[0] }
                  : lines.map((line) => ({ type: "paragraph", content: [{ type: "text", text: line }] }));
              editor.chain().focus().insertContent(content).run();
            }}
          />
        </>
      ) : (
        <EditorPlaceholder />
      )}
    </div>
  );
}
