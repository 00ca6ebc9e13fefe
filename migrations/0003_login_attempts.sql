-- Login throttle (issue 10): one row per login attempt that is, or may still become, a failure.
-- An attempt is reserved by one conditional INSERT before the password is checked, so concurrent
-- attempts cannot pass a limit together (workers/accounts/login-throttle.ts); a successful login
-- deletes the rows of its (email, IP) pair. Replaces login_failures, which was counted and written
-- in two steps: its rows were transient (15 minutes) and are not carried over.
DROP TABLE IF EXISTS login_failures;

CREATE TABLE login_attempts (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  email_hash   TEXT NOT NULL,      -- SHA-256 hex of the trimmed, lower-cased email: no address of a non-account is stored
  ip           TEXT NOT NULL,      -- CF-Connecting-IP
  attempted_at INTEGER NOT NULL
);
CREATE INDEX login_attempts_by_email_ip ON login_attempts (email_hash, ip, attempted_at);
CREATE INDEX login_attempts_by_ip ON login_attempts (ip, attempted_at);
CREATE INDEX login_attempts_by_time ON login_attempts (attempted_at);
