import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";

interface PopoverProps {
  /** Accessible name of the panel. */
  label: string;
  /** Content of the trigger button. */
  trigger: ReactNode;
  triggerLabel: string;
  triggerClassName?: string;
  testId: string;
  children: (close: () => void) => ReactNode;
}

/**
 * A button that opens a small non-modal panel below it (the control toolbar's popovers). Escape,
 * a click outside or the trigger closes it; focus returns to the trigger on Escape.
 */
export function Popover({ label, trigger, triggerLabel, triggerClassName = "control-bar__btn", testId, children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const id = useId();
  const close = useCallback(() => setOpen(false), []);

  useEffect(() => {
    if (!open) return;
    panel.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  return (
    <div className="popover" ref={root}>
      <button
        ref={button}
        type="button"
        className={triggerClassName}
        aria-label={triggerLabel}
        title={triggerLabel}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        data-testid={testId}
        onClick={() => setOpen((value) => !value)}
      >
        {trigger}
      </button>
      {open && (
        <div ref={panel} id={id} className="popover__panel" role="dialog" aria-label={label} tabIndex={-1} data-testid={`${testId}-panel`}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
