import type { Db } from "../db/client";
import { findOwnVire } from "../vires/store";
import type { VireRow } from "../vires/mapper";
import { ApiError } from "./envelope";

export const VIRE_NOT_FOUND = "Virtual employee not found";

/** The caller's own VIRE, or 404: another user's VIRE answers exactly like a missing one. */
export async function requireOwnVire(db: Db, ownerId: string, id: string): Promise<VireRow> {
  const row = await findOwnVire(db, ownerId, id);
  if (!row) throw new ApiError(404, VIRE_NOT_FOUND);
  return row;
}
