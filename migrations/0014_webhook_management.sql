-- Webhooks a user can manage (issue 27, decisions W10–W12).
-- disabled_reason: why the service deactivated the webhook (W11), NULL while active or paused by the user.
-- (Another branch adds the same column in 0011 with created_by_key_hash; it is not on main yet: the lead reconciles.)
ALTER TABLE webhooks ADD COLUMN disabled_reason TEXT;
-- failing_since: Unix seconds of the first failed attempt since the last successful one, NULL while the last
-- attempt succeeded (W11). Written in the same UPDATE that records each attempt's status, so it costs no write.
ALTER TABLE webhooks ADD COLUMN failing_since INTEGER;
-- next_attempt_at: when the queue tries this send again (Unix seconds), NULL when no retry follows (W12).
ALTER TABLE webhook_deliveries ADD COLUMN next_attempt_at INTEGER;
