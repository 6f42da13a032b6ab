import { clientHooks } from "../../../app/api/client";
import { clearBearerToken } from "../../../app/api/token";
import { samePrefix } from "../../../i18n/language";

/**
 * The room closed the socket with 4001: the session ended (signed out in another tab, expired,
 * revoked). The app forgets it and goes home, as it does when an API call answers 401.
 */
export function roomSessionEnded(): void {
  clearBearerToken();
  const hooks = clientHooks();
  hooks.onSessionEnded();
  const pathname = typeof window === "undefined" ? "/" : window.location.pathname;
  const target = samePrefix(pathname, "/home");
  if (pathname !== target) hooks.navigate(target);
}
