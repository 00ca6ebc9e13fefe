-- Webhook registrations (D10). One row per registered endpoint; the signing secret is kept
-- encrypted (AES-GCM under WEBHOOK_ENCRYPTION_KEY) because deliveries must sign with it.
-- account_id is the accounts table's id; no foreign key so this table can be created and
-- tested independently of the accounts migration.
CREATE TABLE IF NOT EXISTS webhooks (
  id TEXT PRIMARY KEY,                 -- wh_ + 24 base62
  account_id TEXT NOT NULL,
  url TEXT NOT NULL,
  events TEXT NOT NULL,                -- JSON array of event names
  secret_ciphertext TEXT NOT NULL,     -- base64(iv[12] || AES-GCM ciphertext+tag)
  secret_hint TEXT NOT NULL,           -- last 4 characters of the secret
  is_active INTEGER NOT NULL DEFAULT 1,
  created_at INTEGER NOT NULL,         -- Unix seconds
  last_delivery_at INTEGER,            -- Unix seconds of the last attempt, NULL before the first
  last_status INTEGER                  -- HTTP status of the last attempt, 0 = network error/timeout
);

CREATE INDEX IF NOT EXISTS webhooks_by_account ON webhooks (account_id, created_at);
