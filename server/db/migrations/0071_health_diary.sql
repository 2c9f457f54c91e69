-- The health diary (issue 43, core/diary.ts): private details of a movement, kept apart from the
-- posts so that no public query can reach them: only the author's own diary routes read this table.
-- A row either belongs to a post (poop_id, one at most, gone with the post) or is a diary-only
-- entry (poop_id null, its own type and time; a post's entry keeps occurred_at = the post's created_date). Null answers mean "not answered".
CREATE TABLE health_entries (
  id                  uuid PRIMARY KEY,
  uid                 text NOT NULL REFERENCES users (uid) ON DELETE CASCADE,
  poop_id             uuid UNIQUE REFERENCES poops (id) ON DELETE CASCADE,
  occurred_at         timestamptz NOT NULL,
  -- A diary-only entry's Bristol type; null on a post's entry, which reads its post's (moderators may change it).
  type                text,
  urgency             boolean,
  straining           boolean,
  incomplete_emptying boolean,
  pain                smallint CHECK (pain BETWEEN 0 AND 10),
  blood               boolean,
  mucus               boolean,
  colour              text,
  at_night            boolean,
  medicine            boolean,
  note                text NOT NULL DEFAULT '',
  created_at          timestamptz NOT NULL DEFAULT now(),
  modified_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX health_entries_uid_occurred_idx ON health_entries (uid, occurred_at);
