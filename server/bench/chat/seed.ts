import { createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';

/** An access token the server accepts (HS256, issuer and audience as src/plugins/external/jwt.ts). */
export function signAccessToken(secret: string, userId: string, sessionId: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const body = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({
    sub: userId,
    sid: sessionId,
    iss: 'canopy',
    aud: 'canopy-api',
    iat: now,
    exp: now + 3600,
  })}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

export interface BenchUser {
  id: string;
  token: string;
}

export interface Seeded {
  users: BenchUser[];
  /** users[2i] and users[2i+1] talk; key and the newest createdAt (the widget's `since`). */
  pairs: { a: BenchUser; b: BenchUser; key: string; since: string }[];
}

/**
 * Straight into the migrated database (the server process migrated it): one tenant, `count`
 * people with live sessions, and a conversation of `history` messages for each pair of them.
 */
export async function seed(
  url: string,
  secret: string,
  count: number,
  history: number,
): Promise<Seeded> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tenantId = randomUUID();
    await client.query(
      `insert into tenants (id, name, admin_email) values ($1, 'Chat bench', 'owner@bench.example')`,
      [tenantId],
    );
    const users: BenchUser[] = [];
    for (let i = 0; i < count; i++) {
      const id = randomUUID();
      const sessionId = randomUUID();
      await client.query(
        `insert into users (id, email, tenant_id, password_hash) values ($1, $2, $3, null)`,
        [id, `chat${i}@bench.example`, tenantId],
      );
      await client.query(`insert into user_roles (user_id, role) values ($1, 'Viewer')`, [id]);
      await client.query(
        `insert into sessions (id, user_id, expires_at) values ($1, $2, now() + interval '1 day')`,
        [sessionId, id],
      );
      users.push({ id, token: signAccessToken(secret, id, sessionId) });
    }
    const pairs: Seeded['pairs'] = [];
    for (let i = 0; i + 1 < users.length; i += 2) {
      const a = users[i]!;
      const b = users[i + 1]!;
      const [low, high] = [a.id, b.id].sort() as [string, string];
      const key = `${low}_${high}`;
      const start = Date.now() - history * 1000;
      const last = new Date(start + (history - 1) * 1000);
      const {
        rows: [conversation],
      } = await client.query<{ id: string }>(
        `insert into conversations (tenant_id, key, user_a, user_b, last_message_at)
         values ($1, $2, $3, $4, $5) returning id`,
        [tenantId, key, low, high, last],
      );
      await client.query(
        `insert into messages (conversation_id, sender_id, content, created_at)
         select $1, case when n % 2 = 0 then $2::uuid else $3::uuid end, 'message ' || n,
           to_timestamp($4::double precision / 1000) + n * interval '1 second'
         from generate_series(0, $5 - 1) as n`,
        [conversation!.id, a.id, b.id, start, history],
      );
      pairs.push({ a, b, key, since: last.toISOString() });
    }
    await client.query('analyze');
    return { users, pairs };
  } finally {
    await client.end();
  }
}
