import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";

export interface ModeTab<M extends string> {
  mode: M;
  label: string;
}

interface ModeTabsProps<M extends string> {
  tabs: readonly ModeTab<M>[];
  value: M;
  onChange: (mode: M) => void;
  /** Buttons after the tabs (New Tab, Refresh). */
  children?: ReactNode;
}

/** The view switch of a preview (Preview / Source, HTML View / Google Viewer / Download): tabs with arrow keys. */
export function ModeTabs<M extends string>({ tabs, value, onChange, children }: ModeTabsProps<M>) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    const at = tabs.findIndex((tab) => tab.mode === value);
    const next = tabs[(at + (event.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length]!;
    onChange(next.mode);
    list.current?.querySelector<HTMLButtonElement>(`[data-mode="${next.mode}"]`)?.focus();
  };
  return (
    <div className="fpv-toolbar">
      <div className="fpv-tabs" role="tablist" aria-label={t("preview.modes.label")} ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.mode}
            type="button"
            role="tab"
            aria-selected={tab.mode === value}
            tabIndex={tab.mode === value ? 0 : -1}
            data-mode={tab.mode}
            data-testid={`preview-mode-${tab.mode}`}
            onClick={() => onChange(tab.mode)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {children}
    </div>
  );
}
