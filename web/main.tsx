import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Toaster } from "sonner";
import { SWRConfig } from "swr";
import { configureClient } from "./app/api/client";
import { swrFetcher } from "./app/api/swr";
import { createAppRouter } from "./app/router";
import { endLocalSession } from "./app/session/endSession";
import { initI18n } from "./i18n";
import { resolveLanguage } from "./i18n/language";
import "./app/styles/base.css";
import "./app/styles/components.css";
import "./app/styles/shell.css";
import "./app/styles/pages.css";

const lang = resolveLanguage(window.location.pathname);
initI18n(lang);
document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";

const router = createAppRouter();

// Session expiry routes in place instead of reloading, after dropping the old user's data.
configureClient({
  navigate: (path) => void router.navigate(path, { replace: true }),
  onSessionEnded: () => void endLocalSession(),
});

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <SWRConfig value={{ fetcher: swrFetcher, errorRetryCount: 2, revalidateOnFocus: true }}>
      <RouterProvider router={router} />
      <Toaster position="top-center" richColors closeButton />
    </SWRConfig>
  </StrictMode>,
);
