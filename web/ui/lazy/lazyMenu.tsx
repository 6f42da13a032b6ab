import { cloneElement, useState, type ComponentType, type ReactElement } from "react";
import { LazyBoundary } from "./LazyBoundary";
import { lazyComponent, type LazyComponent } from "./lazyComponent";

type TriggerProps = { onClick?: () => void; onPointerEnter?: () => void; onFocus?: () => void; "aria-haspopup"?: "menu"; "aria-busy"?: boolean };
type Trigger = ReactElement<TriggerProps>;

/** What the loaded menu gets besides its own props: the trigger to wrap (`DropdownMenu.Trigger asChild`) and whether to open at once. */
export interface MenuTriggerProps {
  trigger: Trigger;
  defaultOpen: boolean;
}

/**
 * A dropdown menu whose code (the menu library and the menu's content) loads on first use. Until
 * then its trigger is a plain button: pointing at it or focusing it starts the download, a click
 * opens the menu as soon as it has arrived (a labelled spinner shows meanwhile). The trigger is a
 * `<button>` element; the loaded menu renders it inside its own Trigger.
 */
export function lazyMenu<P extends object>(load: () => Promise<ComponentType<P & MenuTriggerProps>>): LazyComponent<P & { trigger: Trigger }> {
  const Menu = lazyComponent(load);
  const LazyMenu = ({ trigger, ...props }: P & { trigger: Trigger }) => {
    // Decided once per mount: swapping the button for the library's while it has focus would lose the focus.
    const [ready] = useState(Menu.isLoaded);
    const [clicked, setClicked] = useState(false);
    if (!ready && !clicked) {
      return cloneElement(trigger, { "aria-haspopup": "menu", onClick: () => setClicked(true), onPointerEnter: Menu.preload, onFocus: Menu.preload });
    }
    const waiting = cloneElement(trigger, { "aria-haspopup": "menu", "aria-busy": true });
    return (
      <LazyBoundary variant="overlay" placeholder={waiting} onClose={() => setClicked(false)}>
        <Menu {...(props as P)} trigger={trigger} defaultOpen={clicked && !ready} />
      </LazyBoundary>
    );
  };
  LazyMenu.preload = Menu.preload;
  LazyMenu.isLoaded = Menu.isLoaded;
  return LazyMenu;
}
