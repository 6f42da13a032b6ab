import type { DevUser } from "./membership";
import type { OrganizationUser, OrgRole } from "./organizations";

/** Answers of the account routes: sessions, the current organization, members, developer tools. */

/** `POST /api/auth/revoke-session`. */
export interface RevokeSessionAnswer {
  status: true;
}

/** `GET /api/user/current-organization`, `GET /api/user/organization-id`, `POST /api/user/update-organization`. */
export interface CurrentOrganizationAnswer {
  organizationId: string | null;
}

/** `PUT /api/organizations/{orgId}/members/{userId}`. */
export interface MemberRoleAnswer {
  organizationId: string;
  userId: string;
  userType: OrgRole;
}

/** `GET /api/organization/info`. */
export interface OrganizationInfoAnswer {
  organization: { id: string; name: string; displayName: string };
}

/** `GET /api/organization/users`. */
export interface OrganizationUsersAnswer {
  users: OrganizationUser[];
}

/** `GET /api/dev/users`. */
export interface DevUsersAnswer {
  users: DevUser[];
}

/** `GET /api/vm-url-storage`. */
export interface VmUrlAnswer {
  vmUrl: string;
}

/** `POST /api/vm-url-storage`. */
export interface SavedVmUrlAnswer {
  success: true;
  vmUrl: string;
  devMode: boolean;
}

/** `GET /api/vm-dev-mode`: a saved address counts for developers only. */
export interface VmDevModeAnswer {
  devMode: boolean;
  vmUrl: string;
}
