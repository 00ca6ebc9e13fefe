-- Closing an account (issue 24, decision H17).
-- `deleting_at`: set by the first step of DELETE /api/auth/account; from then on the account cannot log in, use a
-- session or a key, or get a hosted link, while its data is deleted step by step; the row itself goes last.
ALTER TABLE accounts ADD COLUMN deleting_at INTEGER;

-- The index of an account's hosted links (their KV keys are snap:<id>, snap-pdf:<id>, snap-fx:<id>), written with
-- the snapshot and read by the deletion, and by every open: a link whose row is gone answers 404 at once in every
-- location, whatever KV's eventual consistency still shows. No foreign key: the deletion removes the rows itself,
-- after their KV keys. The account's expired rows are pruned when it makes a new link.
CREATE TABLE hosted_links (
  id         TEXT PRIMARY KEY,      -- the hosted link's id (22 base62)
  account_id TEXT NOT NULL,
  expires_at INTEGER NOT NULL       -- Unix seconds, as the snapshot's expires_at
);
CREATE INDEX hosted_links_by_account ON hosted_links (account_id, expires_at);
