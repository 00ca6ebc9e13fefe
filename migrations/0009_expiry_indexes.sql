-- Issue 25 (decision H19): the hourly pruning finds expired rows by their expiry, not by a full scan.
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
CREATE INDEX email_verifications_by_expiry ON email_verifications (expires_at);
CREATE INDEX password_resets_by_expiry ON password_resets (expires_at);
CREATE INDEX email_changes_by_expiry ON email_changes (expires_at);
CREATE INDEX hosted_links_by_expiry ON hosted_links (expires_at);
