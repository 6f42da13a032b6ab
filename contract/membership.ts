import * as v from "valibot";

/** Tier order matters: the plan modal recommends the next tier up (spec 02 §9). */
export const TIERS = ["free", "starter", "professional", "enterprise"] as const;
export type Tier = (typeof TIERS)[number];

/** -1 means unlimited everywhere (spec 01 §9, spec 02 §9). */
export const UNLIMITED = -1;

export interface TierLimits {
  virtualEmployees: number;
  groupChats: number;
  projects: number;
}

export interface TierConfig {
  tier: Tier;
  displayName: { en: string; zh: string };
  description: { en: string; zh: string };
  pricing: { price: number; currency: "USD"; interval: "month" };
  /** Agent requests a month. */
  monthlyQuota: number;
  limits: TierLimits;
  vmTiers: { spec: string; monthlyProductId: string; yearlyProductId: string }[];
  icon: string;
  color: string;
}

function vm(tier: string, spec: string) {
  return { spec, monthlyProductId: `${tier}_${spec}_month`, yearlyProductId: `${tier}_${spec}_year` };
}

/** The plan catalogue. Free: 2 VIREs, personal (starter): 10, professional: unlimited (spec 01 §6). */
export const PLAN_CATALOGUE: Record<Tier, TierConfig> = {
  free: {
    tier: "free",
    displayName: { en: "Free", zh: "免费版" },
    description: { en: "Try the product with a small team of virtual employees.", zh: "用一个小型虚拟员工团队体验产品。" },
    pricing: { price: 0, currency: "USD", interval: "month" },
    monthlyQuota: 100,
    limits: { virtualEmployees: 2, groupChats: 3, projects: 1 },
    vmTiers: [vm("free", "1c2g")],
    icon: "sparkles",
    color: "#64748b",
  },
  starter: {
    tier: "starter",
    displayName: { en: "Personal", zh: "个人版" },
    description: { en: "For individuals who work with AI every day.", zh: "适合每天与 AI 协作的个人。" },
    pricing: { price: 19, currency: "USD", interval: "month" },
    monthlyQuota: 1000,
    limits: { virtualEmployees: 10, groupChats: 20, projects: 10 },
    vmTiers: [vm("starter", "2c4g"), vm("starter", "4c8g")],
    icon: "rocket",
    color: "#2563eb",
  },
  professional: {
    tier: "professional",
    displayName: { en: "Professional", zh: "专业版" },
    description: { en: "For teams that build software with agents.", zh: "适合与智能体一起开发软件的团队。" },
    pricing: { price: 49, currency: "USD", interval: "month" },
    monthlyQuota: 5000,
    limits: { virtualEmployees: UNLIMITED, groupChats: UNLIMITED, projects: UNLIMITED },
    vmTiers: [vm("professional", "4c8g"), vm("professional", "8c16g")],
    icon: "briefcase",
    color: "#7c3aed",
  },
  enterprise: {
    tier: "enterprise",
    displayName: { en: "Enterprise", zh: "企业版" },
    description: { en: "Unlimited use, single sign-on and dedicated support.", zh: "无限使用、单点登录和专属支持。" },
    pricing: { price: 199, currency: "USD", interval: "month" },
    monthlyQuota: UNLIMITED,
    limits: { virtualEmployees: UNLIMITED, groupChats: UNLIMITED, projects: UNLIMITED },
    vmTiers: [vm("enterprise", "8c16g"), vm("enterprise", "16c32g")],
    icon: "building",
    color: "#b45309",
  },
};

/** Product names as the spec builds them: '{tier name} Month Plan({spec})'. */
export function productName(tier: Tier, spec: string, interval: "month" | "year", lang: "en" | "zh" = "en"): string {
  const name = PLAN_CATALOGUE[tier].displayName[lang];
  return `${name} ${interval === "month" ? "Month" : "Year"} Plan(${spec})`;
}

/** `GET /api/membership/plans` data: the plan cards. */
export interface PlansAnswer {
  plans: TierConfig[];
}

/** `GET /api/membership/status` data. */
export interface MembershipStatus {
  is_member: boolean;
  member_plan: string;
  member_expire_at: string | null;
  tier: Tier;
}

/** Older records say 'personal' or 'pro'; both name tiers of the catalogue. */
const PLAN_ALIASES: Record<string, Tier> = {
  free: "free",
  starter: "starter",
  personal: "starter",
  professional: "professional",
  pro: "professional",
  enterprise: "enterprise",
};

/**
 * The effective tier from the three stored fields: a paid plan counts only while the user is a
 * member and the plan has not expired (a missing expiry means it does not expire).
 */
export function effectiveTier(
  isMember: boolean,
  memberPlan: string | null | undefined,
  memberExpireAt: string | Date | null | undefined,
  now: Date = new Date(),
): Tier {
  if (!isMember) return "free";
  const tier = PLAN_ALIASES[(memberPlan ?? "").toLowerCase()] ?? "free";
  if (memberExpireAt != null && new Date(memberExpireAt).getTime() <= now.getTime()) return "free";
  return tier;
}

/** The tier a membership status grants right now: an expired plan reads as Free the moment it expires, not at the next fetch. */
export function tierOfStatus(status: MembershipStatus, now: Date = new Date()): Tier {
  return effectiveTier(status.is_member, status.member_plan, status.member_expire_at, now);
}

export interface UsageMeter {
  used: number;
  /** -1: unlimited */
  limit: number;
}

/** `GET /api/usage` data: what the usage page shows. */
export interface UsageData {
  tier: Tier;
  month: string;
  agentRequests: UsageMeter;
  virtualEmployees: UsageMeter;
  groupChats: UsageMeter;
  projects: UsageMeter;
}

/** `GET /api/user-dev-func` data. */
export interface DevFuncData {
  success: boolean;
  data: { functions: string[] };
  hasDevAccess: boolean;
}

/** A user as the developer settings page lists them. */
export interface DevUser {
  id: string;
  name: string;
  email: string;
  isMember: boolean;
  memberPlan: string;
  memberExpireAt: string | null;
  tier: Tier;
  hasDevAccess: boolean;
}

export const DevUserQuery = v.object({ query: v.optional(v.pipe(v.string(), v.maxLength(100, "Query is too long")), "") });

/** `PUT /api/dev/users/{userId}/membership`: a developer sets a user's plan (payment is out of scope). */
export const SetMembershipBody = v.object({
  memberPlan: v.picklist(TIERS, "memberPlan must be one of free, starter, professional, enterprise"),
  /** ISO date; null or absent: no expiry. */
  memberExpireAt: v.optional(v.nullable(v.pipe(v.string(), v.isoTimestamp("memberExpireAt must be an ISO date-time")))),
});
