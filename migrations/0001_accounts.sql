-- Accounts, sessions, API keys, email verification, login throttling (D6), legacy credits (D11),
-- the dev mail sink (D6) and usage snapshots flushed by the RateLimiter Durable Object (D7).
-- Times are Unix milliseconds unless a column name says otherwise.

CREATE TABLE accounts (
  id                TEXT PRIMARY KEY,                    -- 'acct_' + 20 base62
  email             TEXT NOT NULL UNIQUE,                -- trimmed, lower-cased
  password_hash     TEXT NOT NULL,                       -- pbkdf2_sha256$<iterations>$<salt b64>$<hash b64>
  tier              TEXT NOT NULL DEFAULT 'free' CHECK (tier IN ('free', 'starter', 'pro', 'enterprise')),
  email_verified_at INTEGER,                             -- NULL until the verification link is opened
  credits_total     INTEGER NOT NULL DEFAULT 50,         -- legacy render credits (D11)
  credits_used      INTEGER NOT NULL DEFAULT 0,
  created_at        INTEGER NOT NULL
);

-- Session ids and keys are stored only as SHA-256 hex hashes: a database leak gives no usable secret.
CREATE TABLE sessions (
  id_hash    TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_account ON sessions(account_id);

CREATE TABLE api_keys (
  key_hash   TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  last4      TEXT NOT NULL,                               -- for the masked form on /me
  created_at INTEGER NOT NULL,
  revoked_at INTEGER                                      -- set on rotation; revoked keys never authenticate
);
-- At most one live key per account: rotation revokes the old one in the same transaction.
CREATE UNIQUE INDEX api_keys_one_active ON api_keys(account_id) WHERE revoked_at IS NULL;

CREATE TABLE email_verifications (
  token_hash TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
);
CREATE INDEX email_verifications_account ON email_verifications(account_id, created_at);

-- One row per failed login, per scope ('ip:<address>' and 'email:<sha256 of the email>').
CREATE TABLE login_failures (
  id        INTEGER PRIMARY KEY AUTOINCREMENT,
  scope     TEXT NOT NULL,
  failed_at INTEGER NOT NULL
);
CREATE INDEX login_failures_scope ON login_failures(scope, failed_at);

-- Local development only (DEV_MODE=true): the mail sink behind GET /api/dev/emails.
CREATE TABLE dev_emails (
  id      INTEGER PRIMARY KEY AUTOINCREMENT,
  to_addr TEXT NOT NULL,
  subject TEXT NOT NULL,
  body    TEXT NOT NULL,
  links   TEXT NOT NULL,                                  -- JSON array of the URLs in the body
  sent_at INTEGER NOT NULL                                -- Unix seconds
);
CREATE INDEX dev_emails_to ON dev_emails(to_addr, id);

-- Copy of the RateLimiter counters, written behind by the Durable Object (at most a few seconds
-- old) so that `npm run admin -- usage` can read them with `wrangler d1 execute`.
CREATE TABLE usage_snapshots (
  subject         TEXT PRIMARY KEY,                       -- account id
  hour_start      INTEGER NOT NULL,                       -- Unix seconds of the window start
  hour_count      INTEGER NOT NULL,
  week_start      INTEGER NOT NULL,
  week_count      INTEGER NOT NULL,
  month_start     INTEGER NOT NULL,
  month_documents INTEGER NOT NULL,
  month_pdfs      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL
);
