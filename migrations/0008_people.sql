-- People: friend invitations, friendships, hidden contacts, the mail outbox and system notifications.
CREATE TABLE `friend_invite` (
	`id` text PRIMARY KEY NOT NULL,
	`inviter_id` text NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`invitee_email` text NOT NULL,
	`invite_code` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_by` text REFERENCES `user`(`id`) ON DELETE set null,
	`accepted_at` integer
);--> statement-breakpoint
CREATE UNIQUE INDEX `friend_invite_code_unique` ON `friend_invite` (`invite_code`);--> statement-breakpoint
CREATE INDEX `friend_invite_inviter_idx` ON `friend_invite` (`inviter_id`, `created_at`);--> statement-breakpoint
-- One row per direction, so "my friends" is one index lookup.
CREATE TABLE `friendship` (
	`user_id` text NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`friend_id` text NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `friend_id`)
);--> statement-breakpoint
CREATE INDEX `friendship_friend_idx` ON `friendship` (`friend_id`);--> statement-breakpoint
-- Contacts a user removed from their own list (organization colleagues stay colleagues).
CREATE TABLE `contact_hidden` (
	`user_id` text NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`contact_id` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `contact_id`)
);--> statement-breakpoint
-- Mail waits here until the Queue job delivers it; dedupe_key makes each mail be queued once.
CREATE TABLE `mail_outbox` (
	`id` text PRIMARY KEY NOT NULL,
	`dedupe_key` text NOT NULL,
	`kind` text NOT NULL,
	`to_email` text NOT NULL,
	`subject` text NOT NULL,
	`text_body` text NOT NULL,
	`html_body` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer
);--> statement-breakpoint
CREATE UNIQUE INDEX `mail_outbox_dedupe_unique` ON `mail_outbox` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `mail_outbox_due_idx` ON `mail_outbox` (`status`, `next_attempt_at`);--> statement-breakpoint
-- System notifications (spec 02 §7): what reached a user, with its action buttons' outcome.
CREATE TABLE `notification` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`action_status` text,
	`created_at` integer NOT NULL,
	`read_at` integer
);--> statement-breakpoint
CREATE INDEX `notification_user_idx` ON `notification` (`user_id`, `created_at`);
