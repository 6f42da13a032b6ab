import { type AppIcon, CodeIcon, ImageUploadIcon, LinkIcon, ListIcon, LoaderIcon, TableIcon } from "../../../../ui/icons";
import { useEffect, useState, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import type { MarkdownAction } from "./useMarkdownTools";
import "./markdownMenu.css";

/** Spec 03 §9: markdown hover menu delay. */
export const MARKDOWN_MENU_DELAY_MS = 500;

const ITEMS: readonly { action: MarkdownAction; icon: AppIcon; shortcut: string }[] = [
  { action: "image", icon: ImageUploadIcon, shortcut: "Alt+I" },
  { action: "link", icon: LinkIcon, shortcut: "Alt+L" },
  { action: "codeBlock", icon: CodeIcon, shortcut: "Alt+C" },
  { action: "table", icon: TableIcon, shortcut: "Alt+T" },
  { action: "list", icon: ListIcon, shortcut: "Alt+U" },
];

const TOUCH_QUERY = "(hover: none) and (pointer: coarse)";

/** A screen without hover (a phone, a tablet): the menu cannot wait for one, so it stays. */
export function useTouchOnly(): boolean {
  const [touch, setTouch] = useState(() => typeof window !== "undefined" && window.matchMedia?.(TOUCH_QUERY).matches === true);
  useEffect(() => {
    const query = window.matchMedia?.(TOUCH_QUERY);
    if (!query) return;
    const update = () => setTouch(query.matches);
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return touch;
}

/** True once the pointer has rested on `area` for the delay; false as soon as it leaves. */
function useHoverDelay(area: RefObject<HTMLElement | null>, enabled: boolean): boolean {
  const [hovered, setHovered] = useState(false);
  useEffect(() => {
    const element = area.current;
    if (!element || !enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const enter = () => {
      clearTimeout(timer);
      timer = setTimeout(() => setHovered(true), MARKDOWN_MENU_DELAY_MS);
    };
    const leave = () => {
      clearTimeout(timer);
      setHovered(false);
    };
    element.addEventListener("pointerenter", enter);
    element.addEventListener("pointerleave", leave);
    return () => {
      clearTimeout(timer);
      element.removeEventListener("pointerenter", enter);
      element.removeEventListener("pointerleave", leave);
    };
  }, [area, enabled]);
  return hovered;
}

interface MarkdownMenuProps {
  /** The editor area whose hover reveals the menu. */
  area: RefObject<HTMLElement | null>;
  /** Always shown, as a strip above the editor. */
  touch: boolean;
  uploading: boolean;
  onAction(action: MarkdownAction): void;
}

/**
 * Upload Image, Insert Link, Insert Code Block, Insert Table, Insert List beside a markdown file's
 * editor (spec 03 §2.3). With a mouse it appears after 500 ms over the editor; keyboard users reach
 * it with Tab from the editor (it shows while focused) or use the shortcuts it names.
 */
export function MarkdownMenu({ area, touch, uploading, onAction }: MarkdownMenuProps) {
  const { t } = useTranslation();
  const hovered = useHoverDelay(area, !touch);
  const shown = touch || hovered;
  return (
    <div
      className={`wsv-mdmenu ${touch ? "wsv-mdmenu--strip" : "wsv-mdmenu--float"}${shown ? " wsv-mdmenu--shown" : ""}`}
      role="toolbar"
      aria-label={t("workspaceViewer.markdown.menu")}
      aria-orientation={touch ? "horizontal" : "vertical"}
      data-testid="markdown-menu"
      data-shown={shown || undefined}
      // The editor keeps its cursor and selection while a button is pressed.
      onMouseDown={(event) => event.preventDefault()}
    >
      {ITEMS.map(({ action, icon: Icon, shortcut }) => {
        const busy = action === "image" && uploading;
        const label = t(busy ? "workspaceViewer.markdown.upload.uploading" : `workspaceViewer.markdown.actions.${action}`);
        return (
          <button
            key={action}
            type="button"
            className="wsv-mdmenu__btn"
            onClick={() => onAction(action)}
            disabled={busy}
            aria-keyshortcuts={shortcut}
            title={`${label} (${shortcut})`}
            data-testid={`markdown-menu-${action}`}
          >
            {busy ? <LoaderIcon size={14} className="wsv-mdmenu__spin" aria-hidden /> : <Icon size={14} aria-hidden />}
            <span className="wsv-mdmenu__label">{label}</span>
            <kbd className="wsv-mdmenu__key">{shortcut}</kbd>
          </button>
        );
      })}
    </div>
  );
}
