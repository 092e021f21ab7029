/* The bot lab's code editor: CodeMirror 6 with Python, bundled by serve.py (esbuild, at fetch time) into
   assets/vendor/editor/editor.js. Only lab.html loads it; the table never does. */
import { basicSetup, EditorView } from "codemirror";
import { python } from "@codemirror/lang-python";
import { indentWithTab } from "@codemirror/commands";
import { indentUnit } from "@codemirror/language";
import { EditorSelection } from "@codemirror/state";
import { keymap } from "@codemirror/view";

/** An editor in parent holding doc; onChange(text) after every edit. */
export function createEditor(parent, doc, onChange, label) {
  return new EditorView({
    doc,
    parent,
    extensions: [
      basicSetup,
      keymap.of([indentWithTab]),          // Tab indents (Escape, then Tab, leaves the editor)
      indentUnit.of("    "),
      python(),
      EditorView.contentAttributes.of({ "aria-label": label }),
      EditorView.updateListener.of((update) => { if (update.docChanged) onChange(update.state.doc.toString()); }),
    ],
  });
}

/** The editor's text. */
export function getText(view) {
  return view.state.doc.toString();
}

/** Replace the editor's text (one undoable change). */
export function setText(view, text) {
  view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
}

/** Put the cursor at the start of line n (1-based) and scroll it into view. */
export function goToLine(view, n) {
  const line = view.state.doc.line(Math.max(1, Math.min(n, view.state.doc.lines)));
  view.dispatch({ selection: EditorSelection.cursor(line.from), scrollIntoView: true });
  view.focus();
}
