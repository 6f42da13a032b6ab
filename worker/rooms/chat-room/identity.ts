import { IMAGE_URL_MAX, NAME_MAX } from "../../../contract";
import type { SocketIdentity } from "./sockets";

/**
 * A socket's identity travels with it through hibernation as its attachment, which workerd caps at
 * 16 KiB: one user with a 50,000-character name (stored before names were validated) made
 * `serializeAttachment` throw, so that user could never open the chat again. Whatever the user
 * row holds, the identity is cut to the limits the profile form enforces today: the name to
 * NAME_MAX characters, an over-long image link dropped (half a URL is no picture).
 */
export function boundedIdentity(identity: SocketIdentity): SocketIdentity {
  const name = Array.from(identity.name).slice(0, NAME_MAX).join("");
  const image = identity.image && identity.image.length <= IMAGE_URL_MAX ? identity.image : null;
  return { ...identity, name, image };
}
