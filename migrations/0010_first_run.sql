-- First run: one row per user holding what must happen once per user on the server, whatever browser
-- they use: the onboarding (its claim, so two tabs cannot both set up a team, and its result, which a
-- repeated request answers again), the chat tutorial being seen, the welcome message being sent, and
-- the default project recorded after registration.
CREATE TABLE `user_first_run` (
	`user_id` text PRIMARY KEY NOT NULL REFERENCES `user`(`id`) ON DELETE cascade,
	`onboarding_status` text,
	`purpose_id` text,
	`onboarding_result` text,
	`onboarding_started_at` integer,
	`onboarding_completed_at` integer,
	`tutorial_seen_at` integer,
	`welcome_sent_at` integer,
	`default_project_id` text REFERENCES `coding_project`(`id`) ON DELETE set null,
	`default_project_dir` text,
	`updated_at` integer NOT NULL
);
