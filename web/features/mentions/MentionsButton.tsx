import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import type { Mention, MentionsAnswer } from "../../../contract";
import { silentFetcher } from "../../app/api/swr";
import { lazyDialog } from "../../ui/lazy";
import { openMention } from "./mentionAlerts";
import { BadgeButton } from "../../ui/countBadge";
import { MENTIONS_KEY } from "./mentionsCache";
import "./mentions.css";
import { MentionIcon } from "../../ui/icons";

const MentionsDialog = lazyDialog(() => import("./MentionsDialog").then((m) => m.MentionsDialog));

/** The sidebar's Mentions button: unread badge (capped at 99) and the panel with the list. New mentions arrive through the inbox. */
export function MentionsButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data, error, isLoading, mutate } = useSWR<MentionsAnswer>(MENTIONS_KEY, silentFetcher);
  const unread = data?.unread ?? 0;

  const openEntry = (mention: Mention) => {
    setOpen(false);
    openMention(mention);
  };

  return (
    <>
      <BadgeButton
        icon={<MentionIcon size={18} />}
        count={unread}
        label={t("mentions.button")}
        countLabel={t("mentions.buttonCount", { count: unread })}
        onClick={() => setOpen(true)}
        onPrefetch={MentionsDialog.preload}
        testId="mentions-button"
        badgeTestId="mentions-badge"
      />
      <MentionsDialog
        open={open}
        onOpenChange={setOpen}
        unread={unread}
        data={data}
        loading={isLoading}
        failed={!!error}
        onRetry={() => void mutate()}
        onOpen={openEntry}
      />
    </>
  );
}
