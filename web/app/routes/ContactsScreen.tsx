import { useState } from "react";
import type { SessionUser } from "../../../contract";
import { useSwitchOrganization } from "../../features/organizations/useOrganizations";
import { LazyBoundary, lazyComponent, lazyDialog } from "../../ui/lazy";

const ContactsView = lazyComponent(() => import("../../features/people/ContactsView").then((m) => m.ContactsView));
const JoinOrganizationDialog = lazyDialog(() => import("../../features/organizations/JoinOrganizationDialog").then((m) => m.JoinOrganizationDialog));

/** The Contacts screen with the organization feature's Join Organization dialog behind its '+ Join Organization' button. */
export function ContactsScreen({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const [joinOpen, setJoinOpen] = useState(false);
  const { switchOrganization } = useSwitchOrganization();
  return (
    <>
      <LazyBoundary variant="panel">
        <ContactsView user={user} onClose={onClose} onJoinOrganization={() => setJoinOpen(true)} />
      </LazyBoundary>
      <JoinOrganizationDialog open={joinOpen} onOpenChange={setJoinOpen} onJoined={(organization) => void switchOrganization(organization)} />
    </>
  );
}
