import { useState } from "react";
import { useTranslation } from "react-i18next";
import useSWR from "swr";
import type { Mention, MentionsAnswer } from "../../../contract";
import { silentFetcher } from "../../app/api/swr";
import { Icon } from "../../ui/Icon";
import { lazyDialog } from "../../ui/lazy";
import { openMention } from "./mentionAlerts";
import { BadgeButton } from "../../ui/countBadge";
import { MENTIONS_KEY } from "./mentionsCache";
import "./mentions.css";

const MentionsDialog = lazyDialog(() => import("./MentionsDialog").then((m) => m.MentionsDialog));

function AtIcon({ size = 18 }: { size?: number }) {
  return (
    <Icon size={size}>
      <circle cx="12" cy="12" r="4" />
      <path d="M16 8v5a3 3 0 0 0 6 0v-1a10 10 0 1 0-4 8" />
    </Icon>
  );
}

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
        icon={<AtIcon />}
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
