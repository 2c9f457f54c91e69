-- Premium and chat (issue 25).

-- Stripe: the customer is kept on the user so every webhook finds its user, and the time of the
-- newest subscription event applied, so an older event delivered late changes nothing.
ALTER TABLE users ADD COLUMN stripe_customer_id text;
ALTER TABLE users ADD COLUMN subscription_updated_at timestamptz;
CREATE UNIQUE INDEX users_stripe_customer_idx ON users (stripe_customer_id) WHERE stripe_customer_id IS NOT NULL;

-- Webhook events already handled (Stripe delivers at least once): a replay is answered 200 and ignored.
CREATE TABLE stripe_events (
  id           text PRIMARY KEY,
  type         text NOT NULL,
  received_at  timestamptz NOT NULL DEFAULT now()
);

-- A conversation between two users; user_a < user_b so a pair has one conversation.
CREATE TABLE chat_conversations (
  id               uuid PRIMARY KEY,
  user_a           text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  user_b           text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  created_at       timestamptz NOT NULL DEFAULT now(),
  last_message_at  timestamptz,
  -- When each side last read it (unread markers).
  read_a_at        timestamptz,
  read_b_at        timestamptz,
  CHECK (user_a < user_b),
  UNIQUE (user_a, user_b)
);
CREATE INDEX chat_conversations_b_idx ON chat_conversations (user_b);

-- Messages keep the id the sender's device made, so a replayed send is the same row.
CREATE TABLE chat_messages (
  id               uuid PRIMARY KEY,
  conversation_id  uuid NOT NULL REFERENCES chat_conversations (id) ON DELETE CASCADE,
  sender_uid       text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  body             text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_messages_page_idx ON chat_messages (conversation_id, created_at DESC, id DESC);
CREATE INDEX chat_messages_sender_idx ON chat_messages (sender_uid);

-- A block stops messages both ways.
CREATE TABLE chat_blocks (
  blocker_uid  text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  blocked_uid  text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (blocker_uid, blocked_uid)
);

-- Messages reported to the admins; the body is copied so the report outlives the message.
CREATE TABLE chat_reports (
  message_id    uuid NOT NULL,
  reporter_uid  text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  sender_uid    text NOT NULL,
  body          text NOT NULL,
  reason        text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (message_id, reporter_uid)
);
