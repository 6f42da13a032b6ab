-- Message search moved to one SearchShard Durable Object per organization (worker/search/), which
-- holds each message's text with its own FTS5 index. D1 keeps a slim row per message: which chat it
-- belongs to (worker/lib/message-chat.ts) and that its unread counts were raised (the mirror job's
-- idempotency). Existing text is not copied: POST /api/search/rebuild reads it again from the rooms.
DROP TRIGGER IF EXISTS `message_mirror_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `message_mirror_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `message_mirror_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `message_fts`;
--> statement-breakpoint
ALTER TABLE `message_mirror` DROP COLUMN `content`;
--> statement-breakpoint
ALTER TABLE `message_mirror` DROP COLUMN `sender_name`;
--> statement-breakpoint
ALTER TABLE `message_mirror` DROP COLUMN `sender_id`;
--> statement-breakpoint
ALTER TABLE `message_mirror` DROP COLUMN `visible_to`;
--> statement-breakpoint
ALTER TABLE `message_mirror` DROP COLUMN `chat_type`;
