-- Registration limit per client IP (issue 10): one row per registration attempt that passed validation,
-- written by one conditional INSERT only while the IP has fewer than the limit in the last hour
-- (workers/accounts/registration-throttle.ts), so concurrent registrations cannot pass it together.
CREATE TABLE registration_attempts (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  ip           TEXT NOT NULL,      -- CF-Connecting-IP
  attempted_at INTEGER NOT NULL
);
CREATE INDEX registration_attempts_by_ip ON registration_attempts (ip, attempted_at);
CREATE INDEX registration_attempts_by_time ON registration_attempts (attempted_at);
