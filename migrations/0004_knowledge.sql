CREATE TABLE `knowledge_base` (
	`id` text PRIMARY KEY NOT NULL,
	`vire_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`vire_id`) REFERENCES `virtual_employee`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`owner_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `knowledge_base_vire_idx` ON `knowledge_base` (`vire_id`);--> statement-breakpoint
CREATE TABLE `knowledge_chunk` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`file_id` text NOT NULL,
	`vire_id` text NOT NULL,
	`ord` integer NOT NULL,
	`text` text NOT NULL,
	`search_text` text NOT NULL,
	FOREIGN KEY (`file_id`) REFERENCES `knowledge_file`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `knowledge_chunk_file_idx` ON `knowledge_chunk` (`file_id`,`ord`);--> statement-breakpoint
CREATE INDEX `knowledge_chunk_vire_idx` ON `knowledge_chunk` (`vire_id`);--> statement-breakpoint
CREATE TABLE `knowledge_file` (
	`id` text PRIMARY KEY NOT NULL,
	`base_id` text NOT NULL,
	`vire_id` text NOT NULL,
	`owner_id` text NOT NULL,
	`name` text NOT NULL,
	`url` text NOT NULL,
	`upload_key` text NOT NULL,
	`mime_type` text NOT NULL,
	`size` integer NOT NULL,
	`chat_id` text,
	`status` text DEFAULT 'processing' NOT NULL,
	`chunk_count` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`base_id`) REFERENCES `knowledge_base`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `knowledge_file_base_idx` ON `knowledge_file` (`base_id`);--> statement-breakpoint
CREATE INDEX `knowledge_file_vire_idx` ON `knowledge_file` (`vire_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `knowledge_file_upload_idx` ON `knowledge_file` (`upload_key`);--> statement-breakpoint
-- Full-text index over knowledge passages (drizzle-kit cannot express FTS5 virtual tables, so this
-- part is hand-written, as in 0002). External content: the text lives once, in knowledge_chunk;
-- triggers keep the index in step, including rows removed by ON DELETE CASCADE.
-- porter: "invoices" finds "invoice". search_text spaces CJK characters apart (see knowledge-schema.ts).
CREATE VIRTUAL TABLE `knowledge_fts` USING fts5(`search_text`, content=`knowledge_chunk`, content_rowid=`id`, tokenize='porter unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `knowledge_chunk_ai` AFTER INSERT ON `knowledge_chunk` BEGIN
  INSERT INTO `knowledge_fts`(`rowid`, `search_text`) VALUES (new.`id`, new.`search_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `knowledge_chunk_ad` AFTER DELETE ON `knowledge_chunk` BEGIN
  INSERT INTO `knowledge_fts`(`knowledge_fts`, `rowid`, `search_text`) VALUES ('delete', old.`id`, old.`search_text`);
END;
--> statement-breakpoint
CREATE TRIGGER `knowledge_chunk_au` AFTER UPDATE ON `knowledge_chunk` BEGIN
  INSERT INTO `knowledge_fts`(`knowledge_fts`, `rowid`, `search_text`) VALUES ('delete', old.`id`, old.`search_text`);
  INSERT INTO `knowledge_fts`(`rowid`, `search_text`) VALUES (new.`id`, new.`search_text`);
END;
