-- The table as hubs created it before their storage had migrations, statement for statement: a
-- hub that already has it keeps it as it is and is recorded at this version.
CREATE TABLE IF NOT EXISTS rooms (ride_id TEXT PRIMARY KEY, opened_at INTEGER NOT NULL);
