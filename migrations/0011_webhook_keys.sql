-- Issue 26 (decision W9): a webhook records what created it, so rotating (or deleting) that API key deactivates it.
-- created_by_key_hash: the api_keys primary key (SHA-256 hex of the key) of the creating key; NULL when the dashboard
-- (the session) created it, or for webhooks made before this migration (they stay untouched, like session ones).
-- The reason a deactivated webhook shows is `disabled_reason`, added by 0014 (W11), which both deactivations share.
ALTER TABLE webhooks ADD COLUMN created_by_key_hash TEXT;
CREATE INDEX webhooks_by_key ON webhooks (account_id, created_by_key_hash);
