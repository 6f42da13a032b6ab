import { mutate } from "swr";
import { clearBearerToken } from "../api/token";
import { API_KEYS } from "../api/swr";
import { clearSelection } from "./selection";

/**
 * Forgets everything that belonged to the signed-in user: token, open chat, and every cached
 * response, then marks the session as signed out without another round trip.
 */
export async function endLocalSession(): Promise<void> {
  clearBearerToken();
  clearSelection();
  await mutate(() => true, undefined, { revalidate: false });
  await mutate(API_KEYS.session, null, { revalidate: false });
}
