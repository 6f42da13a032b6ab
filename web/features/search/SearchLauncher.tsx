import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentQuery, useQueryWriter } from "../../app/routes/useQueryWriter";
import { lazyDialog } from "../../ui/lazy";
import { SearchIcon } from "../../ui/icons";

const SearchDialog = lazyDialog(() => import("./SearchDialog").then((m) => m.SearchDialog));

/** Ctrl+K or Cmd+K, wherever the focus is: browsers would otherwise take it for their own search. */
export function isSearchShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === "k";
}

/** The sidebar's search button and the app-wide shortcut, both opening the global search dialog. */
export function SearchLauncher({ organizationId }: { organizationId: string | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const currentQuery = useCurrentQuery();
  const writeQuery = useQueryWriter();

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event) || event.defaultPrevented) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  // The chat chosen was the open one: nothing moves the URL, so the Contacts screen in front of it closes here.
  const onOpened = (changed: boolean) => {
    if (changed || !currentQuery().has("view")) return;
    writeQuery((query) => query.delete("view"), { replace: true });
  };

  return (
    <>
      <button
        type="button"
        className="icon-btn"
        onClick={() => setOpen(true)}
        onPointerEnter={SearchDialog.preload}
        onFocus={SearchDialog.preload}
        aria-label={t("search.open")}
        title={t("search.openHint")}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="open-search"
      >
        <SearchIcon size={18} />
      </button>
      <SearchDialog open={open} onOpenChange={setOpen} organizationId={organizationId} onOpened={onOpened} />
    </>
  );
}
