import { Component, type ErrorInfo, type ReactNode } from "react";
import { CrashScreen } from "./SimplePages";

/**
 * An exception in a page shows the crash screen instead of a blank page. Keyed by the path where
 * it is mounted, so navigating elsewhere tries again.
 */
export class CrashBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}
