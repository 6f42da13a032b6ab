import { useEffect, useRef, type KeyboardEvent } from "react";

export interface ContextMenuItem<Id extends string> {
  id: Id;
  label: string;
  disabled?: boolean;
}

interface ContextMenuProps<Id extends string> {
  x: number;
  y: number;
  label: string;
  testId: string;
  items: readonly ContextMenuItem<Id>[];
  onAction(id: Id): void;
  onDismiss(): void;
}

/**
 * A right-click menu (tabs, the editor): focus lands on the first item, the arrow keys move,
 * Escape or Tab, a press elsewhere or leaving the window close it.
 */
export function ContextMenu<Id extends string>({ x, y, label, testId, items, onAction, onDismiss }: ContextMenuProps<Id>) {
  const menu = useRef<HTMLDivElement>(null);

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

  // Kept inside the window; the height grows with the items.
  const height = items.length * 32 + 12;
  return (
    <div
      ref={menu}
      className="wsv-menu"
      role="menu"
      aria-label={label}
      data-testid={testId}
      style={{ left: Math.max(4, Math.min(x, window.innerWidth - 244)), top: Math.max(4, Math.min(y, window.innerHeight - height)) }}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="menuitem"
          className="wsv-menu__item"
          disabled={item.disabled}
          data-testid={`${testId}-${item.id}`}
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
