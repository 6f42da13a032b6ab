import { useEffect, useState } from "react";
import type { SessionUser } from "../../../contract";
import { LazyBoundary, lazyComponent } from "../../ui/lazy";

const FirstRun = lazyComponent(() => import("../../features/onboarding/FirstRun").then((m) => m.FirstRun));

/**
 * The first-run work (welcome message, onboarding modal) loads after the shell, off the first page:
 * it renders once its code is here, and shows nothing while it downloads.
 */
export function FirstRunMount({ user }: { user: SessionUser }) {
  const [loaded, setLoaded] = useState(FirstRun.isLoaded);
  useEffect(() => {
    if (!loaded) void FirstRun.preload().then(() => setLoaded(FirstRun.isLoaded()));
  }, [loaded]);
  if (!loaded) return null;
  return (
    <LazyBoundary variant="overlay">
      <FirstRun user={user} />
    </LazyBoundary>
  );
}
