import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { Landing } from "../../features/home/Landing";
import { useChatSelectionSync } from "../../features/home/useChatSelectionSync";
import { WelcomeScreen } from "../../features/home/WelcomeScreen";
import { Button } from "../../ui/Button";
import { CenteredScreen, MessageScreen } from "../../ui/Screens";
import { whenIdle } from "../../ui/lazy";
import { Spinner } from "../../ui/Spinner";
import { AppShell } from "../layout/AppShell";
import { ChatMain, preloadChatRoom } from "./ChatMain";
import { ContactsScreen } from "./ContactsScreen";
import { useSession } from "../session/useSession";
import { useQueryWriter } from "./useQueryWriter";

/**
 * `/`, `/home` and their language versions: the landing page for visitors, the app for members.
 * The main area shows Contacts when `?view=contacts`, else the open chat (`?chatId=`), else the
 * welcome screen.
 */
export function HomeRoute() {
  const { t } = useTranslation();
  const { user, status, refresh } = useSession();
  const [params] = useSearchParams();
  const writeQuery = useQueryWriter();
  const chatId = useChatSelectionSync();
  const signedIn = user !== null;
  useEffect(() => {
    if (signedIn) whenIdle(preloadChatRoom);
  }, [signedIn]);

  if (status === "loading") {
    return (
      <CenteredScreen testId="home-loading">
        <div role="status" className="screen__status">
          <Spinner size={32} />
          <p className="screen__title">{t("common.loading")}</p>
        </div>
      </CenteredScreen>
    );
  }
  if (status === "error") {
    return (
      <MessageScreen
        title={t("screens.sessionFailedTitle")}
        body={t("screens.sessionFailedBody")}
        actions={<Button onClick={() => void refresh()}>{t("common.retry")}</Button>}
      />
    );
  }
  if (!user) return <Landing />;

  const view = params.get("view");
  const setView = (next: string | null) =>
    writeQuery((query) => {
      if (next) query.set("view", next);
      else query.delete("view");
    });

  return (
    <AppShell user={user} onOpenContacts={() => setView("contacts")}>
      {view === "contacts" ? (
        <ContactsScreen user={user} onClose={() => setView(null)} />
      ) : chatId ? (
        <ChatMain key={chatId} chatId={chatId} />
      ) : (
        <WelcomeScreen />
      )}
    </AppShell>
  );
}
