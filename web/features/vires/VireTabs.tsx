import { useRef, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { DotIcon } from "../../ui/icons";

export const VIRE_TABS = ["basic", "skills", "workflow", "memory", "knowledge", "rolePrompt", "advanced"] as const;
export type VireTab = (typeof VIRE_TABS)[number];

export const tabId = (tab: VireTab) => `vire-tab-${tab}`;
export const panelId = (tab: VireTab) => `vire-panel-${tab}`;

interface VireTabsProps {
  value: VireTab;
  onChange: (tab: VireTab) => void;
  /** Tabs holding a field with an error get a marker. */
  invalid: ReadonlySet<VireTab>;
}

/** The seven tabs (spec 01 §2) as an ARIA tablist: arrow keys, Home and End move and select. */
export function VireTabs({ value, onChange, invalid }: VireTabsProps) {
  const { t } = useTranslation();
  const refs = useRef(new Map<VireTab, HTMLButtonElement>());

  const move = (event: KeyboardEvent) => {
    const index = VIRE_TABS.indexOf(value);
    const last = VIRE_TABS.length - 1;
    const target = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: last }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = VIRE_TABS[(target + VIRE_TABS.length) % VIRE_TABS.length]!;
    onChange(next);
    refs.current.get(next)?.focus();
  };

  return (
    <div className="vire-tabs" role="tablist" aria-label={t("vires.form.tabsLabel")} aria-orientation="horizontal" onKeyDown={move}>
      {VIRE_TABS.map((tab) => (
        <button
          key={tab}
          ref={(element) => {
            if (element) refs.current.set(tab, element);
            else refs.current.delete(tab);
          }}
          type="button"
          role="tab"
          id={tabId(tab)}
          aria-controls={panelId(tab)}
          aria-selected={tab === value}
          tabIndex={tab === value ? 0 : -1}
          className={`vire-tab${tab === value ? " vire-tab--active" : ""}${invalid.has(tab) ? " vire-tab--invalid" : ""}`}
          onClick={() => onChange(tab)}
          data-testid={`vire-tab-${tab}`}
        >
          {t(`vires.tabs.${tab}`)}
          {invalid.has(tab) && <DotIcon className="vire-tab__marker" size={6} fill="currentColor" />}
        </button>
      ))}
    </div>
  );
}
