import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";
import useSWR from "swr";
import type { CodingProject } from "../../../contract";
import { useLangPath } from "../../i18n/useLang";
import { Button } from "../../ui/Button";
import { LoadingScreen, MessageScreen } from "../../ui/Screens";
import { toast } from "../../ui/toast";
import { ApiError } from "../api/client";
import { silentFetcher } from "../api/swr";
import { CHAT_ID_PARAM } from "../../features/home/useChatSelectionSync";
import { FILE_PATH_PARAM, isSafeProjectPath, requestProjectFile } from "../projectLink";
import { NotFoundPage } from "./SimplePages";

/**
 * `/{locale}/home/coding-projects/{id}?filePath=…` (spec 03 §2): opens the project's coding chat,
 * whose workspace then shows the file. A project the caller may not see answers 404 (or 403) and
 * shows the not-found page; a file path that leaves the project is refused before anything opens.
 * The address becomes the chat's (`/home?chatId=`), as if the user had opened it from the list.
 */
export function ProjectLinkRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLangPath();
  const { projectId = "" } = useParams();
  const [params] = useSearchParams();
  const filePath = params.get(FILE_PATH_PARAM);
  // The same key the workspace loads its project with, so it is fetched once.
  const { data: project, error, mutate, isValidating } = useSWR<CodingProject>(`/api/coding-projects/${encodeURIComponent(projectId)}`, silentFetcher);
  const chatId = project?.chatId ?? null;

  useEffect(() => {
    if (!project || !chatId) return;
    if (filePath && isSafeProjectPath(filePath)) requestProjectFile(project.id, filePath);
    else if (filePath) toast.error(t("workspaceViewer.link.unsafePath"));
    navigate(`${to("/home")}?${new URLSearchParams({ [CHAT_ID_PARAM]: chatId })}`, { replace: true });
  }, [project, chatId, filePath, navigate, to, t]);

  const denied = error instanceof ApiError && (error.status === 404 || error.status === 403);
  if (denied || (project && !chatId)) return <NotFoundPage />;
  if (error) {
    return (
      <MessageScreen
        testId="project-link-failed"
        title={t("workspaceViewer.link.loadFailed")}
        actions={
          <Button onClick={() => void mutate()} disabled={isValidating}>
            {t("common.retry")}
          </Button>
        }
      />
    );
  }
  return <LoadingScreen title={t("common.loading")} testId="project-link-loading" />;
}
