-- Git host accounts a user connected (GitHub over OAuth): the tokens are AES-GCM ciphertext
-- (worker/git-accounts/crypto.ts), never plain text, and bound to their row's user and provider.
CREATE TABLE `git_account` (
	`user_id` text NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`provider` text NOT NULL,
	`login` text,
	`scope` text NOT NULL DEFAULT '',
	`access_token` text NOT NULL,
	`refresh_token` text,
	`expires_at` integer,
	`refresh_expires_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `provider`)
);--> statement-breakpoint
-- One pending authorization per row: the state's SHA-256 (the state itself only travels through the
-- browser), the user and session that asked, where to return, and a short expiry. Taken once.
CREATE TABLE `git_oauth_state` (
	`state_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`session_id` text NOT NULL,
	`provider` text NOT NULL,
	`return_to` text NOT NULL,
	`expires_at` integer NOT NULL
);--> statement-breakpoint
CREATE INDEX `git_oauth_state_expiry_idx` ON `git_oauth_state` (`expires_at`);
