CREATE TABLE `user_presence` (
	`user_id` text PRIMARY KEY NOT NULL,
	`tabs` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `chat` ADD `human_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chat` ADD `agent_count` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_participant` ADD `seen_human` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_participant` ADD `seen_agent` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_participant` ADD `ask_unread` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `chat_participant` DROP COLUMN `unread_agent`;--> statement-breakpoint
ALTER TABLE `chat_participant` DROP COLUMN `unread_human`;