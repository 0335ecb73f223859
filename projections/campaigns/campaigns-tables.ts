import { oneTableMigration } from '../table-ddl';

/** The read model's one table; queries read the view of this name. */
export const campaignsTable = 'email_campaigns';

/** Version 1: one row per e-mail campaign (spec 001 section 3), as the admin's history shows it. */
export const campaignsMigration = oneTableMigration(campaignsTable, `
  campaign_id integer PRIMARY KEY,
  subject text NOT NULL,
  html_body text NOT NULL,
  text_body text NOT NULL,
  target_audience text NOT NULL,
  status text NOT NULL,
  sent_count integer NOT NULL DEFAULT 0,
  total_recipients integer NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
`, { newest_first: 'created_at DESC, campaign_id DESC' });
