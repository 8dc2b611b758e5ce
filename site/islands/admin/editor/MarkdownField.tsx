import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  /** The accessible name of the editing surface. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called with images dropped or pasted into the text; resolves to the Markdown to insert. */
  onImages: (files: File[]) => Promise<string>;
  /** Controls shown above the text, given a function that inserts Markdown at the cursor. */
  tools?: (insert: (text: string) => void) => ReactNode;
}

const IMAGE = /^image\//;

/**
 * The body's editing surface: CodeMirror 6 with Markdown highlighting, undo history and its
 * standard keys, in the site's reading typography. Images dropped or pasted in are handed to
 * `onImages` and the Markdown it returns is inserted where they landed.
 */
export function MarkdownField({ label, value, onChange, onImages, tools }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latest = useRef({ onChange, onImages });
  latest.current = { onChange, onImages };

  useEffect(() => {
    const insertImages = (files: File[], at: number) => {
      void latest.current.onImages(files).then((text) => {
        if (text) view.current?.dispatch({ changes: { from: at, insert: text }, selection: { anchor: at + text.length } });
      });
    };
    const images = (list: FileList | null | undefined) => [...(list ?? [])].filter((file) => IMAGE.test(file.type));
    const created = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          markdown(),
          EditorView.lineWrapping,
          placeholder('Write the story in Markdown: a blank line starts a new paragraph.'),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latest.current.onChange(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            drop(event, editor) {
              const files = images(event.dataTransfer?.files);
              if (files.length === 0) return false;
              event.preventDefault();
              const at = editor.posAtCoords({ x: event.clientX, y: event.clientY }) ?? editor.state.selection.main.head;
              insertImages(files, at);
              return true;
            },
            paste(event, editor) {
              const files = images(event.clipboardData?.files);
              if (files.length === 0) return false;
              event.preventDefault();
              insertImages(files, editor.state.selection.main.head);
              return true;
            },
          }),
        ],
      }),
    });
    view.current = created;
    return () => created.destroy();
    // The editor is created once per label; later values flow in through the effect below.
  }, [label]);

  // A value set from outside (a post loaded, a save that changed the text) replaces the document.
  useEffect(() => {
    const current = view.current;
    if (current && current.state.doc.toString() !== value) {
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
    }
  }, [value]);

  const insert = (text: string) => {
    const editor = view.current;
    if (!editor) return;
    const at = editor.state.selection.main.head;
    editor.dispatch({ changes: { from: at, insert: text }, selection: { anchor: at + text.length } });
  };
  return (
    <>
      {tools && <div className="fc-md-tools">{tools(insert)}</div>}
      <div className="fc-md-field" ref={host} />
    </>
  );
}
