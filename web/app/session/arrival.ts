/**
 * "Arriving from login" (spec 02 §2.1: the sidebar then opens the first non-human chat). Set by
 * the sign-in and sign-up forms, read once by the chat list; kept per tab, so a reload or a
 * later visit does not count as an arrival.
 */
const KEY = "teamchat.arrivedFromLogin";

export function markArrivedFromLogin(): void {
  try {
    sessionStorage.setItem(KEY, "1");
  } catch {
    // storage disabled: the user simply lands on the welcome screen
  }
}

export function takeArrivedFromLogin(): boolean {
  try {
    const arrived = sessionStorage.getItem(KEY) === "1";
    sessionStorage.removeItem(KEY);
    return arrived;
  } catch {
    return false;
  }
}
