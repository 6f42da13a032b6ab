import { useState, type ComponentType } from "react";
import { LazyBoundary } from "./LazyBoundary";
import { lazyComponent, type LazyComponent } from "./lazyComponent";

interface LazyDialogOptions<P> {
  isOpen: (props: P) => boolean;
  /** Offered next to Retry when the dialog failed to load. */
  close?: (props: P) => void;
}

interface OpenProps {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
}

const BY_OPEN_PROP: LazyDialogOptions<OpenProps> = { isOpen: (props) => props.open, close: (props) => props.onOpenChange?.(false) };

/**
 * A dialog whose code loads the first time it opens. Until then it renders nothing; while loading,
 * a labelled spinner floats where the dialog will appear. Once loaded it stays mounted like before,
 * so it closes as it always did and keeps whatever state it keeps between openings.
 * Without options the dialog is driven by `open` / `onOpenChange`.
 */
export function lazyDialog<P extends OpenProps>(load: () => Promise<ComponentType<P>>): LazyComponent<P>;
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, options: LazyDialogOptions<P>): LazyComponent<P>;
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, options?: LazyDialogOptions<P>): LazyComponent<P> {
  const { isOpen, close } = options ?? (BY_OPEN_PROP as unknown as LazyDialogOptions<P>);
  const Inner = lazyComponent(load);
  const LazyDialog = (props: P) => {
    const open = isOpen(props);
    const [opened, setOpened] = useState(open);
    if (open && !opened) setOpened(true);
    // A dialog that failed to load and was then closed leaves no error card behind.
    if (!opened || (!open && !Inner.isLoaded())) return null;
    return (
      <LazyBoundary variant="overlay" onClose={close ? () => close(props) : undefined}>
        <Inner {...props} />
      </LazyBoundary>
    );
  };
  LazyDialog.preload = Inner.preload;
  LazyDialog.isLoaded = Inner.isLoaded;
  return LazyDialog;
}
