/**
 * Subscription payments (PRODUCT.md §7) in a few statements: the log row of a payment, found by
 * its provider's token under a row lock, and its completion — the studio's expiry moved once, in
 * the same transaction, under the studio's row lock (two completions of one studio go one at a
 * time, each from the expiry the other left).
 */
import { sql } from 'drizzle-orm';
import type { Exec } from '../../records/exec.js';
import { newExpiry } from '../../../model/subscription.js';
import { fromCents } from '../../../model/money.js';

export interface PaymentRow {
  id: number;
  studio_id: number;
  months: number;
  amount: string;
  provider: string;
  status: string;
  provider_token: string;
  previous_expiry: string | null;
  new_expiry: string | null;
}

const asRow = (r: Record<string, unknown>): PaymentRow => ({
  id: Number(r.id),
  studio_id: Number(r.studio_id),
  months: Number(r.months),
  amount: String(r.amount),
  provider: String(r.provider),
  status: String(r.status),
  provider_token: String(r.provider_token),
  previous_expiry: r.previous_expiry == null ? null : String(r.previous_expiry),
  new_expiry: r.new_expiry == null ? null : String(r.new_expiry),
});
const COLUMNS = sql`"id", "studio_id", "months", "amount"::text AS "amount", "provider", "status", "provider_token",
  to_char("previous_expiry", 'YYYY-MM-DD') AS "previous_expiry", to_char("new_expiry", 'YYYY-MM-DD') AS "new_expiry"`;

export async function insertPayment(
  exec: Exec,
  p: {
    studioId: number;
    userId: number | null;
    months: number;
    amountCents: number;
    provider: string;
    token: string;
    status?: string;
  },
): Promise<number> {
  const [r] =
    await exec(sql`INSERT INTO "payment_logs" ("studio_id", "user_id", "months", "amount", "provider", "status", "provider_token", "date")
    VALUES (${p.studioId}, ${p.userId}, ${p.months}, ${fromCents(p.amountCents)}, ${p.provider}, ${p.status ?? 'CREATED'}, ${p.token}, LOCALTIMESTAMP(0))
    RETURNING "id"`);
  return Number(r!.id);
}

export async function setPaymentToken(exec: Exec, id: number, token: string): Promise<void> {
  await exec(sql`UPDATE "payment_logs" SET "provider_token" = ${token} WHERE "id" = ${id}`);
}

/** The payment of a provider's token, locked for the transaction (null when unknown). */
export async function paymentByToken(exec: Exec, provider: string, token: string): Promise<PaymentRow | null> {
  const [r] = await exec(
    sql`SELECT ${COLUMNS} FROM "payment_logs" WHERE "provider" = ${provider} AND "provider_token" = ${token} FOR UPDATE`,
  );
  return r ? asRow(r) : null;
}

export async function setPaymentStatus(exec: Exec, id: number, status: string, onlyFrom?: string): Promise<boolean> {
  const rows =
    await exec(sql`UPDATE "payment_logs" SET "status" = ${status}, "updated_at" = clock_timestamp()::timestamp
    WHERE "id" = ${id} ${onlyFrom ? sql`AND "status" = ${onlyFrom}` : sql``} RETURNING "id"`);
  return rows.length > 0;
}

/** The studio's expiry (YYYY-MM-DD or null), its row locked when `lock`. */
export async function studioExpiry(exec: Exec, studioId: number, lock = false): Promise<string | null | undefined> {
  const [r] = await exec(
    sql`SELECT to_char("subscription_expire_date", 'YYYY-MM-DD') AS "d" FROM "studios" WHERE "id" = ${studioId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!r) return undefined;
  return r.d == null ? null : String(r.d);
}

/**
 * Completes a payment (its row locked by the caller, not yet COMPLETED): the studio's expiry
 * becomes max(expiry, today) + months; the row keeps the expiry before and after.
 */
export async function completePayment(
  exec: Exec,
  p: PaymentRow,
  today: string,
): Promise<{ previous: string | null; next: string }> {
  const previous = (await studioExpiry(exec, p.studio_id, true)) ?? null;
  const next = newExpiry(previous, today, p.months);
  await exec(
    sql`UPDATE "studios" SET "subscription_expire_date" = ${next}, "updated_at" = clock_timestamp()::timestamp WHERE "id" = ${p.studio_id}`,
  );
  await exec(sql`UPDATE "payment_logs" SET "status" = 'COMPLETED', "previous_expiry" = ${previous}, "new_expiry" = ${next},
    "completed_at" = LOCALTIMESTAMP(0), "updated_at" = clock_timestamp()::timestamp WHERE "id" = ${p.id}`);
  return { previous, next };
}

/** What the sandbox's approval page shows of a payment (public: by its unguessable token). */
export async function sandboxPayment(exec: Exec, token: string) {
  const [r] = await exec(sql`SELECT p."id", p."months", p."amount"::text AS "amount", p."status", s."name" AS "studio"
    FROM "payment_logs" p JOIN "studios" s ON s."id" = p."studio_id" WHERE p."provider" = 'sandbox' AND p."provider_token" = ${token}`);
  return r
    ? {
        id: Number(r.id),
        months: Number(r.months),
        amount: String(r.amount),
        status: String(r.status),
        studio: String(r.studio),
      }
    : null;
}
