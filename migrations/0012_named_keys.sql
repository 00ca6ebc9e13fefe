-- Issue 26 (decisions K1–K4): several named keys per account, live or test. The key that
-- POST /api/auth/generate-api-key rotates is the account's primary; the others are created and deleted through
-- /api/keys. Revoked keys keep their row (revoked_at set) and never authenticate.
ALTER TABLE api_keys ADD COLUMN id TEXT;                                   -- 'key_' + 20 base62 (hex for older rows)
ALTER TABLE api_keys ADD COLUMN name TEXT NOT NULL DEFAULT 'Primary key';
ALTER TABLE api_keys ADD COLUMN mode TEXT NOT NULL DEFAULT 'live' CHECK (mode IN ('live', 'test'));
ALTER TABLE api_keys ADD COLUMN is_primary INTEGER NOT NULL DEFAULT 0;
ALTER TABLE api_keys ADD COLUMN last_used_at INTEGER;                      -- at most an hour behind (K5)
UPDATE api_keys SET id = 'key_' || lower(hex(randomblob(10))) WHERE id IS NULL;
UPDATE api_keys SET is_primary = 1 WHERE revoked_at IS NULL;
CREATE UNIQUE INDEX api_keys_by_id ON api_keys(id);
-- One live key per account no longer; one primary per account still.
DROP INDEX api_keys_one_active;
CREATE UNIQUE INDEX api_keys_one_primary ON api_keys(account_id) WHERE revoked_at IS NULL AND is_primary = 1;
CREATE INDEX api_keys_unrevoked ON api_keys(account_id, created_at) WHERE revoked_at IS NULL;
