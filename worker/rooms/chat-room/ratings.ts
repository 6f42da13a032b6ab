import type { LikeState, ReactionSummary, ServerFrame } from "../../../contract";
import type { RoomStore } from "./store";

/** What reacting and rating need of the room: its store, and a broadcast to whoever may see the message. */
export interface RatingRoom {
  store: RoomStore;
  broadcast(frame: ServerFrame, onlyUser?: string): void;
}

/** Who may hear about a message: its owner for ask-only messages, everyone otherwise. */
function audienceOf(store: RoomStore, messageId: string): string | undefined {
  return store.byId(messageId)?.visible_to ?? undefined;
}

/** Adds or removes the viewer's emoji on a message they can see (null: no such message for them). */
export function toggleReaction(
  room: RatingRoom,
  viewer: { id: string; name: string },
  messageId: string,
  emoji: string,
): { outcome: string; reactions: ReactionSummary[] } | null {
  if (room.store.byIds([messageId], viewer.id).length === 0) return null;
  const outcome = room.store.feedback.toggleReaction(messageId, viewer.id, viewer.name, emoji, Date.now());
  const reactions = room.store.feedback.reactions([messageId]).get(messageId) ?? [];
  room.broadcast({ type: "reactions", message_id: messageId, reactions }, audienceOf(room.store, messageId));
  return { outcome, reactions };
}

/** A like (1) or dislike (-1) with its reason; everyone who sees the message gets the new counts. */
export function rate(room: RatingRoom, viewerId: string, messageId: string, value: 1 | -1, reason: string | null, detail: string | null): LikeState | null {
  if (room.store.byIds([messageId], viewerId).length === 0) return null;
  room.store.feedback.rate(messageId, viewerId, value, reason, detail);
  const state = room.store.feedback.likes([messageId], viewerId).get(messageId) ?? { likes: 0, dislikes: 0, mine: 0 };
  room.broadcast({ type: "likes", message_id: messageId, likes: { likes: state.likes, dislikes: state.dislikes } }, audienceOf(room.store, messageId));
  return { likes: state.likes, dislikes: state.dislikes, userLiked: state.mine === 1, userDisliked: state.mine === -1 };
}
