import { useMemo } from "react";
import useSWR from "swr";
import type { ChatListItem, OrganizationUser } from "../../../../contract";
import { silentFetcher, type ApiKey } from "../../../app/api/swr";
import type { ForwardRecipient } from "../model/forward";
import { CHAT_LIST_KEY } from "../../../app/realtime/chatListCache";

interface VirtualEmployeeRow {
  id: string;
  name: string;
  role: string | null;
  description: string | null;
  avatarUrl: string | null;
}

const USERS_KEY: ApiKey = ["/api/organization/users", { excludeSelf: true, friendsOnly: false }];
const VIRES_KEY = "/api/virtual-employees";

/** Forward recipients (spec 02 §6): group chats, my virtual employees, organization users and friends. */
export function useForwardRecipients(enabled: boolean) {
  const groups = useSWR<{ chats: ChatListItem[] }>(enabled ? CHAT_LIST_KEY : null, silentFetcher);
  const vires = useSWR<{ virtualEmployees: VirtualEmployeeRow[] }>(enabled ? VIRES_KEY : null, silentFetcher);
  const users = useSWR<{ users: OrganizationUser[] }>(enabled ? USERS_KEY : null, silentFetcher);

  const sections = useMemo(
    () => ({
      groups: (groups.data?.chats ?? [])
        .filter((c) => c.type === "group")
        .map<ForwardRecipient>((c) => ({ id: c.id, name: c.name, kind: "group", avatarUrl: null, detail: c.description || null })),
      vires: (vires.data?.virtualEmployees ?? []).map<ForwardRecipient>((v) => ({
        id: v.id,
        name: v.name,
        kind: "virtual_employee",
        avatarUrl: v.avatarUrl,
        detail: v.role || v.description || null,
      })),
      users: (users.data?.users ?? []).map<ForwardRecipient>((u) => ({
        id: u.id,
        name: u.name || u.username || u.email,
        kind: "user",
        avatarUrl: u.image,
        detail: u.email || null,
        isFriend: u.isFriend,
      })),
    }),
    [groups.data, vires.data, users.data],
  );

  const loading = groups.isLoading || vires.isLoading || users.isLoading;
  const failed = Boolean(groups.error && vires.error && users.error);
  const retry = () => {
    void groups.mutate();
    void vires.mutate();
    void users.mutate();
  };
  return { sections, loading, failed, retry };
}
