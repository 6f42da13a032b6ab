import useSWR, { mutate } from "swr";
import { api } from "../../app/api/client";
import { apiHeaders, readJson, serverMessage } from "../../app/api/headers";
import { API_KEYS, silentFetcher, type ApiKey } from "../../app/api/swr";
import type {
  AllOrganizationsData,
  ContactsAnswer,
  FriendInviteAccepted,
  FriendInviteCreated,
  FriendInviteInfo,
  FriendInvitesAnswer,
  OrganizationsWithMembersData,
} from "../../../contract";

export const contactsKey = (userId: string) => `/api/contacts/${encodeURIComponent(userId)}`;
export const SENT_INVITES_KEY: ApiKey = ["/api/friend-invites", { type: "sent" }];
const membersKey = (organizationId: string): ApiKey => ["/api/user/organizations-with-members", { organizationId }];

/** My contacts; the screen shows its own error state with Retry, so no toast. */
export function usePersonContacts(userId: string) {
  const { data, error, isLoading, mutate: reload } = useSWR<ContactsAnswer>(contactsKey(userId), silentFetcher);
  return { contacts: data?.contacts ?? [], loading: isLoading, failed: Boolean(error) && !data, retry: () => reload() };
}

/** The current organization (name, member count, Owner or Work) from the list the switcher also reads. */
export function useCurrentOrganization(organizationId: string | null) {
  const { data } = useSWR<AllOrganizationsData>(API_KEYS.organizations, silentFetcher);
  return data?.organizations.find((organization) => organization.id === organizationId) ?? null;
}

/** The members of my current organization with their Admin or Member role; loaded when the view opens. */
export function useOrganizationMembers(organizationId: string | null, enabled: boolean) {
  const {
    data,
    error,
    isLoading,
    mutate: reload,
  } = useSWR<OrganizationsWithMembersData>(enabled && organizationId ? membersKey(organizationId) : null, silentFetcher);
  const members = data && "members" in data ? data.members : [];
  return { members, loading: isLoading, failed: Boolean(error) && !data, retry: () => reload() };
}

export function useSentInvitations(enabled: boolean, onError: () => void) {
  const {
    data,
    error,
    isLoading,
    mutate: reload,
  } = useSWR<FriendInvitesAnswer>(enabled ? SENT_INVITES_KEY : null, silentFetcher, {
    revalidateOnFocus: false,
    onError,
  });
  return { invitations: data?.invites ?? null, loading: isLoading, failed: Boolean(error) && !data, reload };
}

export async function removeContact(userId: string, contactId: string): Promise<void> {
  await api.delete<{ removed: boolean }>(`${contactsKey(userId)}/${encodeURIComponent(contactId)}`, { silent: true });
  await mutate(contactsKey(userId));
}

/** Opens the private chat with a contact (spec 01 §4): the server reuses an existing one. */
export function openPrivateChat(contact: { id: string; type: "human" | "virtual_employee" }, organizationId: string | null) {
  return api.post<{ chatId: string; existing?: boolean; name?: string }>(
    "/api/private-chats",
    {
      participantId: contact.id,
      participantType: contact.type === "virtual_employee" ? "virtual_employee" : "user",
      ...(organizationId ? { organizationId } : {}),
    },
    { silent: true },
  );
}

export function sendFriendInvite(inviteeEmail: string) {
  return api.post<FriendInviteCreated>("/api/friend-invites", { inviteeEmail }, { silent: true });
}

export function acceptFriendInvite(code: string) {
  return api.post<FriendInviteAccepted>(`/api/friend-invites/${encodeURIComponent(code)}/accept`, {}, { silent: true });
}

export type InviteLookup = { kind: "found"; info: FriendInviteInfo } | { kind: "refused"; status: number; message: string | null } | { kind: "unknown" };

/**
 * Who invites, read before accepting. It bypasses the shared client on purpose: a signed-out
 * visitor may be answered 401, and the client would treat that as an ended session and leave the page.
 */
export async function lookUpFriendInvite(code: string, signal?: AbortSignal): Promise<InviteLookup> {
  try {
    const response = await fetch(`/api/friend-invites/${encodeURIComponent(code)}`, { headers: apiHeaders(false), credentials: "include", signal });
    const payload = await readJson(response);
    const envelope = payload && typeof payload === "object" ? (payload as { code?: unknown; data?: unknown }) : null;
    if (response.ok && envelope?.code === 200 && envelope.data && typeof envelope.data === "object")
      return { kind: "found", info: envelope.data as FriendInviteInfo };
    if (response.status === 401 || envelope?.code === 401) return { kind: "unknown" };
    return { kind: "refused", status: response.status, message: serverMessage(payload) };
  } catch {
    return { kind: "unknown" };
  }
}
