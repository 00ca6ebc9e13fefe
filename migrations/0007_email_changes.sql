-- Change of e-mail address (issue 24, decision H16): one row per requested change, its emailed token stored only as
-- the SHA-256, valid 24 hours, single use. The address changes only when the link sent to the new address is opened
-- (workers/accounts/email-change.ts); the UNIQUE accounts.email decides a race with a registration of that address.
CREATE TABLE email_changes (
  token_hash   TEXT PRIMARY KEY,                                          -- SHA-256 hex of the emailed token
  account_id   TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  new_email    TEXT NOT NULL,                                             -- trimmed, lower-cased
  session_hash TEXT NOT NULL,                                             -- the session that asked: kept, the others end
  created_at   INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL,                                          -- created_at + 24 hours
  used_at      INTEGER,                                                   -- set when opened, or ended by another change
  used_by      TEXT                                                       -- the random id of the confirmation that used it
);
CREATE INDEX email_changes_account ON email_changes (account_id, created_at);
