-- Password reset (issue 24, decision H14): one row per emailed reset link, stored only as the SHA-256 of its token,
-- valid 1 hour and single use; and one row per forgot-password request, counted per email and per IP by one
-- conditional INSERT (workers/accounts/password-reset.ts), so parallel requests cannot pass the limits together.
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,                                            -- SHA-256 hex of the emailed token
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,                                            -- created_at + 1 hour
  used_at    INTEGER,                                                     -- set when used, or ended by another reset
  used_by    TEXT                                                         -- the random id of the reset that used it
);
CREATE INDEX password_resets_account ON password_resets (account_id, created_at);

CREATE TABLE password_reset_requests (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  email_hash   TEXT NOT NULL,      -- SHA-256 hex of the trimmed, lower-cased email, account or not: no address is stored
  ip           TEXT NOT NULL,      -- CF-Connecting-IP
  requested_at INTEGER NOT NULL
);
CREATE INDEX password_reset_requests_by_email ON password_reset_requests (email_hash, requested_at);
CREATE INDEX password_reset_requests_by_ip ON password_reset_requests (ip, requested_at);
CREATE INDEX password_reset_requests_by_time ON password_reset_requests (requested_at);
