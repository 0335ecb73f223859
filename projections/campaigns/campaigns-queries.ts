import type { SqlExecutor } from '../../events/store/postgres/sql-client';
import type { CampaignStatus } from './campaigns-projection';
import { campaignsTable } from './campaigns-tables';

/** One campaign as GET /api/admin/email-campaigns answers it (spec 001 section 3's fields). */
export interface CampaignRecord {
  id: number;
  subject: string;
  htmlBody: string;
  textBody: string;
  targetAudience: 'test' | 'all' | 'pro' | 'free';
  status: CampaignStatus;
  sentCount: number;
  totalRecipients: number;
  /** ISO 8601. */
  createdAt: string;
}

interface CampaignRow {
  campaign_id: number;
  subject: string;
  html_body: string;
  text_body: string;
  target_audience: CampaignRecord['targetAudience'];
  status: CampaignStatus;
  sent_count: number;
  total_recipients: number;
  created_at: Date | string;
}

const columns = 'campaign_id, subject, html_body, text_body, target_audience, status, sent_count, total_recipients, created_at';

/** The newest campaigns first. */
export async function listCampaigns(sql: SqlExecutor, options: { limit: number }): Promise<CampaignRecord[]> {
  const { rows } = await sql.query<CampaignRow>(`SELECT ${columns} FROM ${campaignsTable} ORDER BY created_at DESC, campaign_id DESC LIMIT $1`, [options.limit]);
  return rows.map(toRecord);
}

/** One campaign, or null when the read model has none (yet). */
export async function findCampaign(sql: SqlExecutor, campaignId: number): Promise<CampaignRecord | null> {
  const { rows } = await sql.query<CampaignRow>(`SELECT ${columns} FROM ${campaignsTable} WHERE campaign_id = $1`, [campaignId]);
  return rows[0] ? toRecord(rows[0]) : null;
}

function toRecord(row: CampaignRow): CampaignRecord {
  return {
    id: Number(row.campaign_id),
    subject: row.subject,
    htmlBody: row.html_body,
    textBody: row.text_body,
    targetAudience: row.target_audience,
    status: row.status,
    sentCount: Number(row.sent_count),
    totalRecipients: Number(row.total_recipients),
    createdAt: new Date(row.created_at).toISOString(),
  };
}
