import type { ReactNode } from "react";
import { Spinner } from "./Spinner";

/** Full-page states (loading, redirecting, errors) share one centred layout. */
export function CenteredScreen({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <main className="screen" data-testid={testId}>
      <div className="screen__box">{children}</div>
    </main>
  );
}

export function LoadingScreen({ title, detail, testId = "loading-screen" }: { title: string; detail?: string; testId?: string }) {
  return (
    <CenteredScreen testId={testId}>
      <div role="status" aria-live="polite" className="screen__status">
        <Spinner size={32} />
        <p className="screen__title">{title}</p>
        {detail && <p className="screen__detail">{detail}</p>}
      </div>
    </CenteredScreen>
  );
}

export function MessageScreen({ title, body, actions, testId }: { title: string; body?: ReactNode; actions?: ReactNode; testId?: string }) {
  return (
    <CenteredScreen testId={testId}>
      <h1 className="screen__title">{title}</h1>
      {body && <p className="screen__detail">{body}</p>}
      {actions && <div className="screen__actions">{actions}</div>}
    </CenteredScreen>
  );
}
