CREATE TABLE `chat` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`kind` text NOT NULL,
	`owner_id` text NOT NULL,
	`project_id` text,
	`last_message_text` text,
	`last_message_at` integer,
	`last_message_seq` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organization`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_org_idx` ON `chat` (`org_id`);--> statement-breakpoint
CREATE TABLE `chat_participant` (
	`chat_id` text NOT NULL,
	`participant_id` text NOT NULL,
	`participant_type` text NOT NULL,
	`cp_role` text DEFAULT 'member' NOT NULL,
	`unread_agent` integer DEFAULT 0 NOT NULL,
	`unread_human` integer DEFAULT 0 NOT NULL,
	`last_read_at` integer,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`chat_id`, `participant_id`),
	FOREIGN KEY (`chat_id`) REFERENCES `chat`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `chat_participant_member_idx` ON `chat_participant` (`participant_id`);--> statement-breakpoint
CREATE TABLE `group_invite` (
	`id` text PRIMARY KEY NOT NULL,
	`chat_id` text NOT NULL,
	`inviter_id` text NOT NULL,
	`invitee_email` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`invite_code` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`chat_id`) REFERENCES `chat`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`inviter_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `group_invite_invite_code_unique` ON `group_invite` (`invite_code`);--> statement-breakpoint
CREATE INDEX `group_invite_chat_idx` ON `group_invite` (`chat_id`);--> statement-breakpoint
CREATE TABLE `message_mirror` (
	`id` text PRIMARY KEY NOT NULL,
	`chat_id` text NOT NULL,
	`seq` integer NOT NULL,
	`chat_type` integer NOT NULL,
	`visible_to` text,
	`sender_id` text,
	`sender_name` text DEFAULT '' NOT NULL,
	`content` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `message_mirror_chat_idx` ON `message_mirror` (`chat_id`,`seq`);--> statement-breakpoint
CREATE TABLE `virtual_employee` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`org_id` text,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`avatar_url` text,
	`skills` text DEFAULT '[]' NOT NULL,
	`workflow` text DEFAULT '{}' NOT NULL,
	`memory` text DEFAULT '{}' NOT NULL,
	`knowledge` text DEFAULT '{}' NOT NULL,
	`role_prompt` text DEFAULT '' NOT NULL,
	`agent_type` text DEFAULT 'chatter' NOT NULL,
	`task_id` text,
	`status` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `organization`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `vire_owner_idx` ON `virtual_employee` (`owner_id`);