import type { MembershipStatus, PlansAnswer } from "../../contract";
import { newApp } from "../lib/app";
import { ok } from "../lib/envelope";
import { requireUser } from "../lib/session";
import { membershipStatusOf, planCatalogue } from "../plans/membership";

/** `/api/membership`: the user's plan and the catalogue the plan cards show. */
export const membershipApi = newApp()
  .get("/plans", (c) => ok<PlansAnswer>(c, planCatalogue()))
  .use(requireUser)
  .get("/status", (c) => ok<MembershipStatus>(c, membershipStatusOf(c.get("user"))));
