-- Records of the remote deployment. Times are integer seconds since the epoch, except
-- captures.timestamp, which keeps the browser's milliseconds as the connector does.
-- The session, auth token, daily usage and error log tables follow the spec's table of stored
-- records; columns beyond it (account_id, ...) tie records to the account that owns them.

CREATE TABLE accounts (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  password_salt TEXT NOT NULL,
  password_iterations INTEGER NOT NULL,
  tier TEXT NOT NULL DEFAULT 'free',
  rate_limit INTEGER,
  created_at INTEGER NOT NULL
);

CREATE TABLE api_keys (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  name TEXT NOT NULL,
  prefix TEXT NOT NULL,
  key_hash TEXT NOT NULL UNIQUE,
  scope TEXT NOT NULL DEFAULT 'read,write',
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX api_keys_account ON api_keys(account_id);

-- A connector (or any client) enrolled with its public key; tokens are minted only against it.
CREATE TABLE clients (
  client_id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  public_key TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE auth_tokens (
  token_hash TEXT PRIMARY KEY,
  connector_id TEXT NOT NULL,
  issued_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  scope TEXT NOT NULL DEFAULT 'read,write',
  revoked INTEGER NOT NULL DEFAULT 0,
  account_id TEXT NOT NULL,
  jti TEXT NOT NULL UNIQUE
);
CREATE INDEX auth_tokens_expiry ON auth_tokens(expires_at);

-- Client assertions already used at /auth/token: a captured assertion cannot be replayed.
CREATE TABLE used_assertions (
  jti TEXT PRIMARY KEY,
  expires_at INTEGER NOT NULL
);

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  connector_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_activity INTEGER NOT NULL,
  authenticated INTEGER NOT NULL DEFAULT 0,
  capabilities TEXT,
  metadata TEXT,
  account_id TEXT NOT NULL,
  connector_online INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sessions_account ON sessions(account_id);

-- Captures forwarded up a tunnel. Indexed columns are copied out of `data` (the event as sent).
CREATE TABLE captures (
  session_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  account_id TEXT NOT NULL,
  kind TEXT NOT NULL,
  -- console (console-log, console-error), network, or other: what the list endpoints read.
  family TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  level_rank INTEGER,
  method TEXT,
  status INTEGER,
  failed INTEGER NOT NULL DEFAULT 0,
  data TEXT NOT NULL,
  received_at INTEGER NOT NULL,
  PRIMARY KEY (session_id, seq)
);
-- Lists walk these newest first and stop at `limit`: no sort, whatever the table holds.
CREATE INDEX captures_session_family ON captures(session_id, family, timestamp, seq);
CREATE INDEX captures_account_family ON captures(account_id, family, timestamp, seq);
CREATE INDEX captures_received ON captures(received_at);

CREATE TABLE daily_usage (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  connector_id TEXT NOT NULL,
  date TEXT NOT NULL,
  requests INTEGER NOT NULL DEFAULT 0,
  data_transferred INTEGER NOT NULL DEFAULT 0,
  errors INTEGER NOT NULL DEFAULT 0,
  uptime_percentage REAL NOT NULL DEFAULT 0,
  account_id TEXT,
  UNIQUE (connector_id, date)
);

CREATE TABLE error_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  timestamp INTEGER NOT NULL,
  level TEXT NOT NULL DEFAULT 'error',
  message TEXT NOT NULL,
  context TEXT,
  connector_id TEXT,
  session_id TEXT
);
CREATE INDEX error_log_time ON error_log(timestamp);

CREATE TABLE webhooks (
  id TEXT PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  url TEXT NOT NULL,
  events TEXT NOT NULL,
  secret TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  active INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX webhooks_account ON webhooks(account_id);

CREATE TABLE webhook_deliveries (
  id TEXT PRIMARY KEY,
  webhook_id TEXT NOT NULL,
  event TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL,
  response_status INTEGER,
  error TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX webhook_deliveries_hook ON webhook_deliveries(webhook_id);
