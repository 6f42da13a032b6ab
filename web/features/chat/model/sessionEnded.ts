import { handleUnauthorized } from "../../../app/api/client";

/**
 * The room closed the socket with 4001: the session ended (signed out in another tab, expired,
 * revoked). The app forgets it and goes home, exactly as when an API call answers 401.
 */
export function roomSessionEnded(): void {
  handleUnauthorized();
}
