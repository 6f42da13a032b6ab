CREATE TABLE `coding_project` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`org_id` text NOT NULL,
	`chat_id` text,
	`name` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`directory_name` text NOT NULL,
	`git_initialized` integer DEFAULT false NOT NULL,
	`http_repo_url` text,
	`ssh_repo_url` text,
	`branch` text DEFAULT 'main' NOT NULL,
	`is_imported` integer DEFAULT 0 NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`current_use` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`org_id`) REFERENCES `organization`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chat_id`) REFERENCES `chat`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `coding_project_owner_idx` ON `coding_project` (`owner_id`);--> statement-breakpoint
CREATE INDEX `coding_project_chat_idx` ON `coding_project` (`chat_id`);--> statement-breakpoint
CREATE TABLE `sandbox` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`provider` text DEFAULT 'local' NOT NULL,
	`status` text DEFAULT 'creating' NOT NULL,
	`task_id` text,
	`subdomain` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`expires_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sandbox_user_idx` ON `sandbox` (`user_id`);--> statement-breakpoint
CREATE TABLE `vm_url` (
	`user_id` text PRIMARY KEY NOT NULL,
	`vm_url` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
