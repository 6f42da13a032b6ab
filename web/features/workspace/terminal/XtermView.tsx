// The xterm.js screen (lazy chunk): fits its box, reports size changes, forwards keystrokes.
import { FitAddon } from "@xterm/addon-fit";
import { Terminal } from "@xterm/xterm";
import "@xterm/xterm/css/xterm.css";
import { useEffect, useRef } from "react";

export interface XtermViewProps {
  /** Hands the view's writer to the owner; the returned function takes it back. */
  attach(write: (data: string) => void): () => void;
  visible: boolean;
  label: string;
  onReady(cols: number, rows: number): void;
  onResize(cols: number, rows: number): void;
  onInput(data: string): void;
  onEscape(): void;
  onFailed(): void;
}

const THEME = { background: "#1b1d23", foreground: "#e6e6e6", cursor: "#e6e6e6", selectionBackground: "#3b4252" };

export default function XtermView(props: XtermViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const terminal = useRef<{ term: Terminal; fit: FitAddon } | null>(null);
  const callbacks = useRef(props);
  callbacks.current = props;

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let term: Terminal;
    let fit: FitAddon;
    try {
      term = new Terminal({
        fontSize: 13,
        fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace",
        cursorBlink: true,
        scrollback: 5000,
        theme: THEME,
      });
      fit = new FitAddon();
      term.loadAddon(fit);
      term.open(element);
      fit.fit();
    } catch {
      callbacks.current.onFailed();
      return;
    }
    terminal.current = { term, fit };
    term.textarea?.setAttribute("aria-label", callbacks.current.label);
    // Esc minimises the window (spec 03 §2.6); Ctrl+[ still sends Escape to the shell.
    term.attachCustomKeyEventHandler((event) => {
      if (event.key !== "Escape" || event.ctrlKey || event.altKey || event.metaKey || event.shiftKey) return true;
      if (event.type === "keydown") callbacks.current.onEscape();
      return false;
    });
    const detach = callbacks.current.attach((data) => term.write(data));
    const input = term.onData((data) => callbacks.current.onInput(data));
    const resized = term.onResize(({ cols, rows }) => callbacks.current.onResize(cols, rows));
    const observer = new ResizeObserver(() => {
      if (element.offsetWidth > 0 && element.offsetHeight > 0) {
        try {
          fit.fit();
        } catch {
          // A fit during teardown has nothing to measure.
        }
      }
    });
    observer.observe(element);
    callbacks.current.onReady(term.cols, term.rows);
    term.focus();
    return () => {
      observer.disconnect();
      input.dispose();
      resized.dispose();
      detach();
      term.dispose();
      terminal.current = null;
    };
  }, []);

  useEffect(() => {
    const current = terminal.current;
    if (!props.visible || !current) return;
    // Back from the pill: the box may have changed while hidden.
    const frame = requestAnimationFrame(() => {
      try {
        current.fit.fit();
      } catch {
        // Nothing to fit yet.
      }
      current.term.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [props.visible]);

  return <div className="term-xterm" ref={host} data-testid="terminal-screen" />;
}
