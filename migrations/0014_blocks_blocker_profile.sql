ALTER TABLE `blocks` ADD `blocker_profile` text;--> statement-breakpoint
-- The blocks made before: the blocker as she is now is the closest we know to how she was when
-- she blocked (docs/decisions/0033-blocking-back-and-the-queue-in-pages.md).
UPDATE `blocks` SET `blocker_profile` = (
  SELECT json_object('username', `username`, 'avatarKey', `avatar_key`, 'avatarUrl', `avatar_url`)
  FROM `profiles` WHERE `profiles`.`user_id` = `blocks`.`blocker_id`
);
