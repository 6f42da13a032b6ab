import { useState } from "react";
import type { SessionUser } from "../../../contract";
import { JoinOrganizationDialog } from "../../features/organizations/JoinOrganizationDialog";
import { useSwitchOrganization } from "../../features/organizations/useOrganizations";
import { ContactsView } from "../../features/people/ContactsView";

/** The Contacts screen with the organization feature's Join Organization dialog behind its '+ Join Organization' button. */
export function ContactsScreen({ user, onClose }: { user: SessionUser; onClose: () => void }) {
  const [joinOpen, setJoinOpen] = useState(false);
  const { switchOrganization } = useSwitchOrganization();
  return (
    <>
      <ContactsView user={user} onClose={onClose} onJoinOrganization={() => setJoinOpen(true)} />
      <JoinOrganizationDialog open={joinOpen} onOpenChange={setJoinOpen} onJoined={(organization) => void switchOrganization(organization)} />
    </>
  );
}
