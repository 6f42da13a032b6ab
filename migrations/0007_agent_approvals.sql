-- The coding agent's approval policy per project: "ask" asks before every risky tool (file edits
-- included), "auto_edits" lets file edits and commits through and asks for commands, deletes and pushes.
ALTER TABLE `coding_project` ADD `approval_policy` text DEFAULT 'ask' NOT NULL;
