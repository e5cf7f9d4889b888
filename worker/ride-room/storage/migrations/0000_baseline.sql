-- The tables as rooms created them before their storage had migrations, statement for statement:
-- a room that already has them keeps them as they are and is recorded at this version.
CREATE TABLE IF NOT EXISTS chat_pace (user_id TEXT NOT NULL, client_id TEXT NOT NULL,
  sent_at INTEGER NOT NULL, PRIMARY KEY (user_id, client_id));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS live_positions (user_id TEXT PRIMARY KEY,
  lat REAL NOT NULL, lng REAL NOT NULL, accuracy REAL NOT NULL, at INTEGER NOT NULL);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS live_pace (user_id TEXT NOT NULL, kind TEXT NOT NULL,
  at INTEGER NOT NULL, PRIMARY KEY (user_id, kind));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS live_notices (user_id TEXT PRIMARY KEY,
  username TEXT NOT NULL, lat REAL, lng REAL, accuracy REAL, at INTEGER NOT NULL);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS ride_day (user_id TEXT PRIMARY KEY,
  checked_in_at INTEGER, started_at INTEGER, arrived_at INTEGER,
  timer_off INTEGER NOT NULL DEFAULT 0, asked_at INTEGER, told_at INTEGER);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS ride_day_pace (user_id TEXT NOT NULL, at INTEGER NOT NULL);
