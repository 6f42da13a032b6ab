-- File analysis (spec 03 §2.4, §3, §7.4): analysed files and their transcript, summary, podcast, deep research and feedback.
-- The statements drizzle-kit generated for worker/db/analysis-schema.ts (its snapshot stops at 0005, so only these are taken).
CREATE TABLE `analysis_feedback` (
	`id` text PRIMARY KEY NOT NULL,
	`file_id` text NOT NULL,
	`user_id` text NOT NULL,
	`task_id` text NOT NULL,
	`feedback_type` text NOT NULL,
	`content` text DEFAULT '' NOT NULL,
	`like_or_step` integer DEFAULT 0 NOT NULL,
	`tag` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`file_id`) REFERENCES `analysis_file`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `analysis_feedback_once_idx` ON `analysis_feedback` (`user_id`,`task_id`,`feedback_type`);--> statement-breakpoint
CREATE INDEX `analysis_feedback_file_idx` ON `analysis_feedback` (`file_id`);--> statement-breakpoint
CREATE TABLE `analysis_file` (
	`id` text PRIMARY KEY NOT NULL,
	`org_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`chat_id` text,
	`attachment_id` text,
	`project_id` text,
	`file_path` text,
	`r2_key` text,
	`name` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`file_type` text NOT NULL,
	`run_id` text NOT NULL,
	`transcode_status` text,
	`format_key` text,
	`transcribe_status` integer,
	`set_up_status` integer,
	`text_key` text,
	`summary_status` integer DEFAULT 0 NOT NULL,
	`duration` real,
	`language` text,
	`keywords` text DEFAULT '[]' NOT NULL,
	`problem_code` text,
	`problem_message` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`org_id`) REFERENCES `organization`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`chat_id`) REFERENCES `chat`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`project_id`) REFERENCES `coding_project`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `analysis_file_attachment_idx` ON `analysis_file` (`chat_id`,`attachment_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `analysis_file_project_path_idx` ON `analysis_file` (`project_id`,`file_path`);--> statement-breakpoint
CREATE INDEX `analysis_file_org_idx` ON `analysis_file` (`org_id`);--> statement-breakpoint
CREATE TABLE `analysis_podcast` (
	`file_id` text PRIMARY KEY NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`run_id` text NOT NULL,
	`audio_key` text,
	`srt_key` text,
	`duration_ms` integer,
	`error` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`file_id`) REFERENCES `analysis_file`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `analysis_summary` (
	`id` text PRIMARY KEY NOT NULL,
	`file_id` text NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`md` text DEFAULT '' NOT NULL,
	`md2` text DEFAULT '' NOT NULL,
	`mind` text DEFAULT '' NOT NULL,
	`mind2` text DEFAULT '' NOT NULL,
	`aha` text DEFAULT '[]' NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`file_id`) REFERENCES `analysis_file`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `analysis_summary_file_id_unique` ON `analysis_summary` (`file_id`);--> statement-breakpoint
CREATE TABLE `analysis_transcript` (
	`id` text PRIMARY KEY NOT NULL,
	`file_id` text NOT NULL,
	`segments` text DEFAULT '[]' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`file_id`) REFERENCES `analysis_file`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `analysis_transcript_file_id_unique` ON `analysis_transcript` (`file_id`);--> statement-breakpoint
CREATE TABLE `deep_research` (
	`id` text PRIMARY KEY NOT NULL,
	`file_id` text NOT NULL,
	`status` integer DEFAULT 0 NOT NULL,
	`run_id` text NOT NULL,
	`question` text DEFAULT '' NOT NULL,
	`answer` text DEFAULT '' NOT NULL,
	`error` text,
	`shared` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`file_id`) REFERENCES `analysis_file`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `deep_research_file_id_unique` ON `deep_research` (`file_id`);--> statement-breakpoint
