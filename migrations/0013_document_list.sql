-- The document list (issue 26, decision H20): each hosted link's row also holds what GET /api/documents shows,
-- written in the same statement as today's row (no extra round trip on generation). Rows made before this
-- migration have no number and are not listed; they expire within 7 days of it.
ALTER TABLE hosted_links ADD COLUMN number TEXT;
ALTER TABLE hosted_links ADD COLUMN type TEXT;              -- invoice | credit_note
ALTER TABLE hosted_links ADD COLUMN output TEXT;            -- the request's output (pdf, json, ubl, cii, facturx)
ALTER TABLE hosted_links ADD COLUMN einvoice_profile TEXT;
ALTER TABLE hosted_links ADD COLUMN currency TEXT;
ALTER TABLE hosted_links ADD COLUMN grand_total REAL;
ALTER TABLE hosted_links ADD COLUMN created_at INTEGER;     -- Unix seconds, as the snapshot's created_at
-- Test-mode documents (issue 26's keys) are 0; every document is live until test keys write otherwise.
ALTER TABLE hosted_links ADD COLUMN livemode INTEGER NOT NULL DEFAULT 1;
-- DELETE /api/documents/{id}: the link's KV keys are deleted; the row stays (listed as revoked) until it expires.
ALTER TABLE hosted_links ADD COLUMN revoked_at INTEGER;     -- Unix seconds
-- Newest first within an account, the id breaking ties of one second (the cursor is (created_at, id)).
CREATE INDEX hosted_links_by_account_created ON hosted_links (account_id, created_at DESC, id DESC);
