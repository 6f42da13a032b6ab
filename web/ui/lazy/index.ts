export { LazyBoundary, LazyLoading, type LazyVariant } from "./LazyBoundary";
export { lazyComponent, whenIdle, ChunkLoadError, isChunkLoadError, type LazyComponent } from "./lazyComponent";
export { lazyDialog } from "./lazyDialog";
export { lazyValue, type LazyValue } from "./lazyValue";
export { lazyMenu, type MenuTriggerProps } from "./lazyMenu";
export { lazyLoadsSettled } from "./inFlight";
