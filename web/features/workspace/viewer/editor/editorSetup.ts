// CodeMirror pieces shared by the single editor and the diff view. Only the lazy editor chunks
// import this module, so CodeMirror never lands in the main bundle.
import { LanguageDescription } from "@codemirror/language";
import { languages } from "@codemirror/language-data";
import { EditorState, Prec, type Extension } from "@codemirror/state";
import { EditorView, keymap } from "@codemirror/view";
import { useEffect, useState, type RefObject } from "react";

/** Spec 03 §9: editor font size 13. */
export const EDITOR_FONT_SIZE = 13;

export const editorTheme = EditorView.theme({
  "&": { fontSize: `${EDITOR_FONT_SIZE}px`, height: "100%" },
  ".cm-scroller": { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace', overflow: "auto" },
  "&.cm-focused": { outline: "none" },
});

/** What the editor asks of its owner; read through a ref so the callbacks never go stale. */
export interface EditorBehaviour {
  readOnly: boolean;
  onSave(): void;
  onReadOnlyAttempt(): void;
}

const EDITING_EVENTS = ["beforeinput", "paste", "drop", "cut"] as const;

/**
 * Ctrl/Cmd+S saves instead of opening the browser's dialog; in read-only mode every attempt to
 * change the text is stopped and reported, so the owner can explain why nothing happens.
 */
export function behaviourExtensions(behaviour: RefObject<EditorBehaviour>): Extension[] {
  const guard = (event: Event) => {
    if (!behaviour.current.readOnly) return false;
    event.preventDefault();
    behaviour.current.onReadOnlyAttempt();
    return true;
  };
  const handlers = Object.fromEntries(EDITING_EVENTS.map((name) => [name, guard]));
  return [
    Prec.highest(
      keymap.of([
        {
          key: "Mod-s",
          preventDefault: true,
          run: () => {
            behaviour.current.onSave();
            return true;
          },
        },
      ]),
    ),
    EditorView.domEventHandlers(handlers),
  ];
}

export function readOnlyExtensions(readOnly: boolean): Extension[] {
  return readOnly ? [EditorState.readOnly.of(true)] : [];
}

/** Accessible name and a stable test hook on the editable element itself. */
export function contentAttributes(label: string, testId: string): Extension {
  return EditorView.contentAttributes.of({ "aria-label": label, "data-testid": testId });
}

const loaded = new Map<string, Extension>();

/** Syntax highlighting chosen by file name; the language's parser loads on demand. */
export function useLanguage(fileName: string): Extension | null {
  const description = LanguageDescription.matchFilename(languages, fileName);
  const name = description?.name ?? null;
  const [language, setLanguage] = useState<Extension | null>(() => (name ? (loaded.get(name) ?? null) : null));
  useEffect(() => {
    if (!description || !name) {
      setLanguage(null);
      return;
    }
    const cached = loaded.get(name);
    if (cached) {
      setLanguage(cached);
      return;
    }
    let cancelled = false;
    description
      .load()
      .then((support) => {
        loaded.set(name, support);
        if (!cancelled) setLanguage(support);
      })
      .catch(() => {
        // Plain text is a fine fallback when a language pack fails to load.
      });
    return () => {
      cancelled = true;
    };
    // The description is derived from the name; the name is the stable dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [name]);
  return language;
}
