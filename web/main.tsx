import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { SWRConfig } from "swr";
import { configureClient } from "./app/api/client";
import { swrFetcher } from "./app/api/swr";
import { AppRoutes, replaceRoute } from "./app/router";
import { endLocalSession } from "./app/session/endSession";
import { BOOT_FAILED } from "./i18n/boot";
import { startI18n } from "./i18n/load";
import { resolveLanguage } from "./i18n/language";
import { IconDefaults } from "./ui/icons";
import { ToastHost } from "./ui/ToastHost";
import "./app/styles/base.css";
import "./app/styles/components.css";
import "./app/styles/shell.css";
import "./app/styles/pages.css";

const lang = resolveLanguage(window.location.pathname);
document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";

// Session expiry routes in place instead of reloading, after dropping the old user's data.
configureClient({
  navigate: replaceRoute,
  onSessionEnded: () => void endLocalSession(),
});

const root = createRoot(document.getElementById("root")!);

function renderApp() {
  root.render(
    <StrictMode>
      <SWRConfig value={{ fetcher: swrFetcher, errorRetryCount: 2, revalidateOnFocus: true }}>
        <IconDefaults>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
          <ToastHost />
        </IconDefaults>
      </SWRConfig>
    </StrictMode>,
  );
}

/** The page's texts could not be downloaded (offline on a first visit, or a new deploy). */
function renderBootFailed() {
  const texts = BOOT_FAILED[lang];
  root.render(
    <main className="screen">
      <div className="screen__box" role="alert">
        <p className="screen__title">{texts.title}</p>
        <p className="screen__detail">{texts.body}</p>
        <button type="button" className="btn btn--primary btn--md" onClick={() => window.location.reload()}>
          {texts.reload}
        </button>
      </div>
    </main>,
  );
}

// The texts of the page's language arrive before the first render, so nothing shows untranslated.
startI18n(lang).then(renderApp, renderBootFailed);
