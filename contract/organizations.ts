import * as v from "valibot";

/** Ids are opaque strings; the bound keeps junk out of queries and logs. */
export const Id = v.pipe(v.string(), v.minLength(1, "Invalid id"), v.maxLength(64, "Invalid id"));

/** 'own' organizations carry the tag Owner in the switcher, 'work' ones the tag Work (spec 01 §2). */
export type OrganizationType = "own" | "work";
export type OrgRole = "admin" | "member";

export interface Organization {
  id: string;
  name: string;
  displayName: string;
  organizationType: OrganizationType;
  orgType: OrganizationType;
  type_category: string;
  memberCount: number;
  userType: OrgRole;
}

export interface OrganizationMember {
  userId: string;
  name: string;
  email: string;
  image: string | null;
  userType: OrgRole;
}

/** `GET /api/user/all-organizations` */
export interface AllOrganizationsData {
  success: boolean;
  organizations: Organization[];
  error: string | null;
}

/** `GET /api/user/organizations-with-members`: every organization with members, or with `?organizationId=` one's members. */
export type OrganizationsWithMembersData =
  | { success: true; organizations: (Organization & { members: OrganizationMember[] })[] }
  | { success: true; organizationId: string; members: OrganizationMember[] };

/** `GET /api/organization/{orgId}/details` */
export interface OrganizationDetails {
  organization: { id: string; name: string; displayName: string; memberCount: number; organizationType: OrganizationType };
}

/** Organization users as contacts (spec 01 §3 "Organization user"). */
export interface OrganizationUser {
  id: string;
  name: string;
  email: string;
  username: string;
  image: string | null;
  role: string;
  isOrgAdmin: boolean;
  lastChatTime: string | null;
  isFriend: boolean;
  /** False for a friend from outside the organization (an External Friend); absent means a member. */
  isOrgMember?: boolean;
}

/** `GET /api/organizations/{orgId}/invite` (admins): the code and link others join with. */
export interface OrganizationInvite {
  organizationId: string;
  inviteCode: string;
  invitePath: string;
}

export const UpdateOrganizationBody = v.object({ organizationId: Id });
export const JoinOrganizationBody = v.object({
  inviteCode: v.pipe(v.string(), v.trim(), v.minLength(1, "Please enter an invite code"), v.maxLength(64, "Invalid invite code")),
});
export const UpdateMemberRoleBody = v.object({ userType: v.picklist(["admin", "member"], "userType must be admin or member") });

/** `POST /api/organizations/join` */
export interface JoinOrganizationData {
  organizationId: string;
  displayName: string;
  alreadyMember: boolean;
}
