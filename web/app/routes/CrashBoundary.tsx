import { Component, type ErrorInfo, type ReactNode } from "react";
import { CrashScreen } from "./SimplePages";

interface CrashBoundaryProps {
  children: ReactNode;
  /** The path: after a crash, navigating elsewhere tries the page again. */
  resetKey: string;
}

/** An exception in a page shows the crash screen instead of a blank page. */
export class CrashBoundary extends Component<CrashBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override componentDidUpdate(previous: CrashBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    return this.state.failed ? <CrashScreen /> : this.props.children;
  }
}
