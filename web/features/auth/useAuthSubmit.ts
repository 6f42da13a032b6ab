import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { mutate } from "swr";
import { API_KEYS } from "../../app/api/swr";
import { markArrivedFromLogin } from "../../app/session/arrival";
import { useAfterAuthPath } from "./AuthLayout";
import { authErrorText } from "./authErrors";

/** Runs a sign-in or sign-up call: busy flag, translated error, then loads the session and moves on. */
export function useAuthSubmit(call: () => Promise<void>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const after = useAfterAuthPath();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await call();
      // Clear whatever a previous user left in the cache, then load the new session before leaving.
      await mutate((key) => key !== API_KEYS.session, undefined, { revalidate: false });
      await mutate(API_KEYS.session);
      markArrivedFromLogin();
      navigate(after, { replace: true });
    } catch (err) {
      setError(authErrorText(err, t));
      setBusy(false);
    }
  };
  return { busy, error, submit };
}
