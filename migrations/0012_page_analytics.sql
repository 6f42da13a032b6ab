-- Page analytics kept in D1 when no Analytics Engine dataset is bound: one row per page and UTC day,
-- at most a fixed number of pages a day (the rest count under '(other)') and only recent days.
CREATE TABLE `page_view_daily` (
	`day` text NOT NULL,
	`path` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`leaves` integer DEFAULT 0 NOT NULL,
	`duration_ms` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `path`)
);--> statement-breakpoint
-- Each user's allowance of analytics events: a token bucket, so a looping client cannot flood the store.
CREATE TABLE `page_event_quota` (
	`user_id` text PRIMARY KEY NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`tokens` real NOT NULL,
	`updated_at` integer NOT NULL
);
