-- Moderation (issue 24): AI screening's flag, the three human verification stages, the dataset
-- export and the daily report (spec sections 3, 4 and 7).

-- Set when AI screening thinks a human should look (no stool, unsure, or another type).
ALTER TABLE poops ADD COLUMN ai_flagged boolean NOT NULL DEFAULT false;

-- One row per recorded stage of a post: the primary key is what makes two reviewers unable to
-- record the same stage of the same post twice (the second insert does nothing).
CREATE TABLE type_verifications (
  poop_id      uuid NOT NULL REFERENCES poops (id) ON DELETE CASCADE,
  stage        smallint NOT NULL CHECK (stage BETWEEN 1 AND 3),
  reviewer_uid text NOT NULL,
  chosen_type  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (poop_id, stage)
);
-- '{n} Poops verified by you.'
CREATE INDEX type_verifications_reviewer_idx ON type_verifications (reviewer_uid);

-- The stage queues: newest first, limit 100 (spec section 7).
CREATE INDEX poops_stage1_idx ON poops (created_date DESC) WHERE first_verification = '' AND NOT deleted;
CREATE INDEX poops_stage2_idx ON poops (created_date DESC) WHERE need_second_verification AND NOT deleted;
CREATE INDEX poops_stage3_idx ON poops (created_date DESC) WHERE need_third_verification AND NOT deleted;
CREATE INDEX poops_unverified_idx ON poops (created_date DESC) WHERE NOT verified AND NOT deleted;

-- Images saved to the dataset after the third verification: one per post, so a retried export
-- job writes nothing twice.
CREATE TABLE dataset_exports (
  poop_id     uuid PRIMARY KEY REFERENCES poops (id) ON DELETE CASCADE,
  type        text NOT NULL,
  sink        text NOT NULL,
  location    text NOT NULL,
  exported_at timestamptz NOT NULL DEFAULT now()
);

-- The daily report (spec: reports/userReport), one row per New York day it describes.
CREATE TABLE reports (
  day              date PRIMARY KEY,
  total_users      integer NOT NULL,
  users_with_email integer NOT NULL,
  computed_at      timestamptz NOT NULL DEFAULT now()
);
