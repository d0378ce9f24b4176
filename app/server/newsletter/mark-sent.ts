/**
 * The commit point of one newsletter message (issue 40): its row turns sent if it still waits and
 * `holder` still holds the sending lease; false means the message must not be completed
 * (docs/decisions.md, "Newsletter sending"). The sending thread runs it on its own connection just
 * before each message's ending line, so it is a named statement of its own, its text written once:
 * no query builder on a path taken once a message, and the database plans it once per connection.
 */

/** The lease's row: one sender of newsletters per site. */
export const SENDER_LEASE = "newsletter";

/** What runs the statement: a node-postgres client or pool. */
export interface Queryable {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rowCount: number | null }>;
}

const MARK_SENT = {
  name: "newsletter_mark_sent",
  text: `update newsletter_deliveries set status = 'sent', sent_at = now(), attempts = attempts + 1, detail = ''
where issue_id = $1 and subscriber_id = $2 and status = 'waiting'
  and exists (select 1 from mail_sender_lease where name = $3 and holder = $4 and until > now())`,
};

export async function markSent(client: Queryable, delivery: { issueId: number; subscriberId: number }, holder: string): Promise<boolean> {
  const result = await client.query({ ...MARK_SENT, values: [delivery.issueId, delivery.subscriberId, SENDER_LEASE, holder] });
  return result.rowCount === 1;
}
