import { PEOPLE_TEXTS } from "../../contract";
import type { RemoveContactRefused } from "../people/contacts";
import type { AcceptRefused, InviteRefused } from "../people/invitations";
import { ApiError } from "./envelope";

/** The people domain's reasons as HTTP answers; each switch is exhaustive so a new reason needs its text. */

export function inviteError(r: InviteRefused): ApiError {
  switch (r.reason) {
    case "self":
      return new ApiError(400, PEOPLE_TEXTS.inviteSelf);
    case "already_friend":
      return new ApiError(409, PEOPLE_TEXTS.alreadyFriend(r.email));
    case "too_many":
      return new ApiError(429, PEOPLE_TEXTS.tooManyInvites);
  }
}

export function acceptError(r: AcceptRefused): ApiError {
  switch (r.reason) {
    case "not_found":
      return new ApiError(404, PEOPLE_TEXTS.inviteNotFound);
    case "own":
      return new ApiError(400, PEOPLE_TEXTS.ownInvite);
    case "used":
      return new ApiError(410, PEOPLE_TEXTS.inviteUsed);
    case "expired":
      return new ApiError(410, PEOPLE_TEXTS.inviteExpired);
    case "closed":
      return new ApiError(410, PEOPLE_TEXTS.inviteClosed(r.status ?? "closed"));
  }
}

export function removeContactError(r: RemoveContactRefused): ApiError {
  switch (r.reason) {
    case "self":
      return new ApiError(400, PEOPLE_TEXTS.removeSelf);
    case "vire":
      return new ApiError(400, PEOPLE_TEXTS.humansOnly);
    case "not_found":
      return new ApiError(404, PEOPLE_TEXTS.contactNotFound);
  }
}
