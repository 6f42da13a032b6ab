-- Cleanup jobs (worker/jobs/cleanup/): where each R2 sweep left off, and what was deleted in D1
-- but may still exist elsewhere. Triggers record every delete, whichever code path (or cascade)
-- made it, so the cron can finish what a failed or forgotten delete left behind.
CREATE TABLE `cleanup_cursor` (
	`name` text PRIMARY KEY NOT NULL,
	`cursor` text,
	`updated_at` integer NOT NULL
);--> statement-breakpoint
CREATE TABLE `cleanup_pending` (
	`kind` text NOT NULL,
	`ref` text NOT NULL,
	`owner_id` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `ref`)
);--> statement-breakpoint
CREATE TRIGGER `coding_project_cleanup` AFTER DELETE ON `coding_project` BEGIN
	INSERT OR IGNORE INTO `cleanup_pending` (`kind`, `ref`, `owner_id`, `created_at`) VALUES ('workspace', old.`id`, old.`owner_id`, CAST(strftime('%s', 'now') AS integer) * 1000);
END;--> statement-breakpoint
CREATE TRIGGER `knowledge_file_cleanup` AFTER DELETE ON `knowledge_file` BEGIN
	INSERT OR IGNORE INTO `cleanup_pending` (`kind`, `ref`, `owner_id`, `created_at`) VALUES ('knowledge_file', old.`upload_key`, old.`owner_id`, CAST(strftime('%s', 'now') AS integer) * 1000);
END;
