-- Full-text search over mirrored messages (drizzle-kit cannot express FTS5 virtual tables).
-- An external-content table: the text lives once, in message_mirror; triggers keep the index in step.
CREATE VIRTUAL TABLE `message_fts` USING fts5(`content`, `sender_name`, content=`message_mirror`, content_rowid=`rowid`, tokenize='unicode61');
--> statement-breakpoint
CREATE TRIGGER `message_mirror_ai` AFTER INSERT ON `message_mirror` BEGIN
  INSERT INTO `message_fts`(`rowid`, `content`, `sender_name`) VALUES (new.`rowid`, new.`content`, new.`sender_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `message_mirror_ad` AFTER DELETE ON `message_mirror` BEGIN
  INSERT INTO `message_fts`(`message_fts`, `rowid`, `content`, `sender_name`) VALUES ('delete', old.`rowid`, old.`content`, old.`sender_name`);
END;
--> statement-breakpoint
CREATE TRIGGER `message_mirror_au` AFTER UPDATE ON `message_mirror` BEGIN
  INSERT INTO `message_fts`(`message_fts`, `rowid`, `content`, `sender_name`) VALUES ('delete', old.`rowid`, old.`content`, old.`sender_name`);
  INSERT INTO `message_fts`(`rowid`, `content`, `sender_name`) VALUES (new.`rowid`, new.`content`, new.`sender_name`);
END;
