import { useEffect, useRef, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";

export interface TabMenuAction {
  id: "close" | "closeOthers" | "closeAll";
  label: string;
  disabled?: boolean;
}

interface TabContextMenuProps {
  x: number;
  y: number;
  onAction(id: TabMenuAction["id"]): void;
  onDismiss(): void;
  /** Only one tab open: Close Others does nothing. */
  single: boolean;
}

/** The tab's right-click menu: Close, Close Others, Close All (spec 03 §2.3). */
export function TabContextMenu({ x, y, onAction, onDismiss, single }: TabContextMenuProps) {
  const { t } = useTranslation();
  const menu = useRef<HTMLDivElement>(null);
  const items: TabMenuAction[] = [
    { id: "close", label: t("workspaceViewer.tabs.close") },
    { id: "closeOthers", label: t("workspaceViewer.tabs.closeOthers"), disabled: single },
    { id: "closeAll", label: t("workspaceViewer.tabs.closeAll") },
  ];

  useEffect(() => {
    menu.current?.querySelector<HTMLButtonElement>("button:not(:disabled)")?.focus();
    const away = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node)) onDismiss();
    };
    document.addEventListener("pointerdown", away, true);
    window.addEventListener("blur", onDismiss);
    return () => {
      document.removeEventListener("pointerdown", away, true);
      window.removeEventListener("blur", onDismiss);
    };
  }, [onDismiss]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape" || event.key === "Tab") {
      event.preventDefault();
      onDismiss();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    const buttons = [...(menu.current?.querySelectorAll<HTMLButtonElement>("button:not(:disabled)") ?? [])];
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = (index + (event.key === "ArrowDown" ? 1 : -1) + buttons.length) % buttons.length;
    buttons[next]?.focus();
  };

  return (
    <div
      ref={menu}
      className="wsv-menu"
      role="menu"
      aria-label={t("workspaceViewer.tabs.menu")}
      data-testid="viewer-tab-menu"
      style={{ left: Math.min(x, window.innerWidth - 180), top: Math.min(y, window.innerHeight - 120) }}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="menuitem"
          className="wsv-menu__item"
          disabled={item.disabled}
          data-testid={`viewer-tab-menu-${item.id}`}
          onClick={() => {
            onDismiss();
            onAction(item.id);
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
