-- The webhook delivery log (issue 12, decision W1): one row per delivery attempt, the last 100 per
-- webhook (older rows are pruned by the statement batch that writes a new one), and the events those
-- rows refer to, so an attempt can be redelivered later with the same id and body.
-- No foreign keys, like 0002: the tables stand alone in tests.
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, -- insertion order: newest first, and the page cursor
  id TEXT NOT NULL UNIQUE,               -- dlv_ + 24 base62
  webhook_id TEXT NOT NULL,
  account_id TEXT NOT NULL,
  event_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  attempt INTEGER NOT NULL,              -- 1 = first try of a queue message, then each retry
  attempted_at INTEGER NOT NULL,         -- Unix seconds
  status INTEGER,                        -- HTTP status; NULL when no answer came (error says why)
  error TEXT,                            -- timeout, network error, refused by the address policy; NULL with a status
  duration_ms INTEGER NOT NULL,
  response_body TEXT NOT NULL            -- the first 1 KB of the answer, cut on a character boundary
);

CREATE INDEX IF NOT EXISTS webhook_deliveries_by_webhook ON webhook_deliveries (webhook_id, seq);
CREATE INDEX IF NOT EXISTS webhook_deliveries_by_event ON webhook_deliveries (event_id);

-- The delivered event as it was sent (JSON), kept while a delivery row refers to it.
CREATE TABLE IF NOT EXISTS webhook_events (
  id TEXT PRIMARY KEY,                   -- evt_ + 24 base62
  account_id TEXT NOT NULL,
  body TEXT NOT NULL
);

CREATE INDEX IF NOT EXISTS webhook_events_by_account ON webhook_events (account_id);
