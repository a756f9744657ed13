/**
 * The SQL of the engagement letter (issue 49 item 2), scoped to the caller's studio: the engagement
 * as the caller may see it (the records engine's scope), the customer, the studio's signatory and
 * invoicing treatment, the services in the letter's order; the letters sent and the scans, the
 * customer's acceptance; the engagement's state changes (with their audit rows); the studio's Word
 * template of the letter.
 */
import { sql } from 'drizzle-orm';
import type { Ctx } from '../../auth/context.js';
import type { Exec } from '../../records/exec.js';
import { scopeCondition } from '../../records/sql.js';
import { getModel } from '../../../model/registry.js';
import { toCents } from '../../../model/money.js';

const text = (v: unknown) => (v == null || v === '' ? null : String(v));
const num = (v: unknown) => (v == null ? null : Number(v));

/** The engagement as the letter and its actions read it. */
export interface EngagementRow {
  id: number;
  studio_id: number;
  customer_id: number;
  title: string;
  start_date: string;
  end_date: string | null;
  notice_days: number;
  billing_day: number;
  payment_days: number;
  update_kind: string;
  update_percent: number | null;
  istat_share: number | null;
  status: string;
  sent_at: string | null;
  signed_at: string | null;
  signed_how: string | null;
  ended_at: string | null;
  updated_at: string;
}

const ENGAGEMENT_COLUMNS = sql`e."id", e."studio_id", e."customer_id", e."title", to_char(e."start_date", 'YYYY-MM-DD') AS "start_date",
  to_char(e."end_date", 'YYYY-MM-DD') AS "end_date", e."notice_days", e."billing_day", e."payment_days", e."update_kind",
  e."update_percent"::text AS "update_percent", e."istat_share"::text AS "istat_share", coalesce(e."status", 'draft') AS "status",
  to_char(e."sent_at", 'YYYY-MM-DD HH24:MI:SS') AS "sent_at", to_char(e."signed_at", 'YYYY-MM-DD HH24:MI:SS') AS "signed_at",
  e."signed_how", to_char(e."ended_at", 'YYYY-MM-DD') AS "ended_at", to_char(e."updated_at", 'YYYY-MM-DD HH24:MI:SS.US') AS "updated_at"`;

function engagementOf(r: Record<string, unknown>): EngagementRow {
  return {
    id: Number(r.id),
    studio_id: Number(r.studio_id),
    customer_id: Number(r.customer_id),
    title: String(r.title ?? ''),
    start_date: String(r.start_date),
    end_date: text(r.end_date),
    notice_days: Number(r.notice_days ?? 0),
    billing_day: Number(r.billing_day ?? 1),
    payment_days: Number(r.payment_days ?? 0),
    update_kind: String(r.update_kind ?? 'none'),
    update_percent: num(r.update_percent),
    istat_share: num(r.istat_share),
    status: String(r.status),
    sent_at: text(r.sent_at),
    signed_at: text(r.signed_at),
    signed_how: text(r.signed_how),
    ended_at: text(r.ended_at),
    updated_at: String(r.updated_at),
  };
}

/**
 * The engagement of `id` as the caller may see it (the studio and the model's row scope), not in the
 * trash; `lock`: its row locked for the caller's transaction. Null when there is none such.
 */
export async function visibleEngagement(exec: Exec, ctx: Ctx, id: number, lock = false): Promise<EngagementRow | null> {
  const [r] = await exec(sql`SELECT ${ENGAGEMENT_COLUMNS} FROM "engagements" e
    WHERE e."id" = ${id} AND ${scopeCondition(getModel('Engagement'), ctx, 'e')} AND e."deleted_at" IS NULL
    ${lock ? sql`FOR UPDATE` : sql``}`);
  return r ? engagementOf(r) : null;
}

/** The engagement of a letter (any studio: the customer's page knows only the letter), locked when asked. */
export async function engagementOfLetter(
  exec: Exec,
  engagementId: number,
  lock = false,
): Promise<EngagementRow | null> {
  const [r] = await exec(sql`SELECT ${ENGAGEMENT_COLUMNS} FROM "engagements" e
    WHERE e."id" = ${engagementId} AND e."deleted_at" IS NULL ${lock ? sql`FOR UPDATE` : sql``}`);
  return r ? engagementOf(r) : null;
}

/** The customer as the letter names it and where it is sent. */
export interface LetterCustomer {
  id: number;
  business_name: string;
  fiscal_code: string | null;
  vat_id: string | null;
  address: string | null;
  postal_code: string | null;
  city: string | null;
  province: string | null;
  email: string | null;
  pec: string | null;
  withholding_agent: string | null;
  legal_status: string | null;
  /** the legal representative's name and surname, when given */
  representative: string | null;
  representative_fiscal_code: string | null;
}

export async function letterCustomer(exec: Exec, studioId: number, customerId: number): Promise<LetterCustomer | null> {
  const [r] =
    await exec(sql`SELECT c."id", c."business_name", c."fiscal_code", c."vat_id", c."address", c."postal_code", c."city", c."province",
      c."email", c."pec", c."withholding_agent", ls."description" AS "legal_status",
      nullif(trim(concat_ws(' ', l."name", l."surname")), '') AS "representative", l."fiscal_code" AS "representative_fiscal_code"
    FROM "customers" c
    LEFT JOIN "legal_statuses" ls ON ls."id" = c."legal_status_id" AND ls."deleted_at" IS NULL
    LEFT JOIN "legal_representatives" l ON l."id" = c."legal_representative_id" AND l."deleted_at" IS NULL
    WHERE c."studio_id" = ${studioId} AND c."id" = ${customerId}`);
  if (!r) return null;
  return {
    id: Number(r.id),
    business_name: String(r.business_name ?? ''),
    fiscal_code: text(r.fiscal_code),
    vat_id: text(r.vat_id),
    address: text(r.address),
    postal_code: text(r.postal_code),
    city: text(r.city),
    province: text(r.province),
    email: text(typeof r.email === 'string' ? r.email.trim() : r.email),
    pec: text(typeof r.pec === 'string' ? r.pec.trim() : r.pec),
    withholding_agent: text(r.withholding_agent),
    legal_status: text(r.legal_status),
    representative: text(r.representative),
    representative_fiscal_code: text(r.representative_fiscal_code),
  };
}

/** The studio as the letter's other party: who signs, where, and how it invoices. */
export interface LetterSignatory {
  fiscal_code: string | null;
  vat_number: string | null;
  postal_code: string | null;
  city: string | null;
  province: string | null;
  sign_city: string | null;
  manager_title: string | null;
  manager_name: string | null;
  manager_surname: string | null;
  manager_cf: string | null;
  ordine_number: string | null;
  ordine_city: string | null;
  ordine_name: string | null;
  regime: string;
  withholding: boolean;
  cassa: boolean;
  stampCharged: boolean;
  cc_contract: string | null;
}

export async function letterSignatory(exec: Exec, studioId: number): Promise<LetterSignatory> {
  const [s] =
    await exec(sql`SELECT "fiscal_code", "vat_number", "postal_code", "city", "province", "sign_city", "manager_title", "manager_name",
      "manager_surname", "manager_cf", "manager_ordine_commercialisti_number", "manager_ordine_commercialisti_city",
      "manager_ordine_commercialisti_name", "fiscal_regime", "withholding_tax", "cassa_previdenza", "stamp_duty_charged", "cc_contract"
    FROM "studios" WHERE "id" = ${studioId}`);
  return {
    fiscal_code: text(s?.fiscal_code),
    vat_number: text(s?.vat_number),
    postal_code: text(s?.postal_code),
    city: text(s?.city),
    province: text(s?.province),
    sign_city: text(s?.sign_city),
    manager_title: text(s?.manager_title),
    manager_name: text(s?.manager_name),
    manager_surname: text(s?.manager_surname),
    manager_cf: text(s?.manager_cf),
    ordine_number: text(s?.manager_ordine_commercialisti_number),
    ordine_city: text(s?.manager_ordine_commercialisti_city),
    ordine_name: text(s?.manager_ordine_commercialisti_name),
    regime: text(s?.fiscal_regime) ?? 'RF01',
    withholding: Number(s?.withholding_tax) === 1,
    cassa: Number(s?.cassa_previdenza) === 1,
    stampCharged: Number(s?.stamp_duty_charged) === 1,
    cc_contract: text(s?.cc_contract),
  };
}

/** A service of the engagement as agreed, in the letter's order. */
export interface LetterServiceRow {
  id: number;
  position: number;
  description: string;
  rule: string;
  /** cents */
  fee: number;
  unit_source: string | null;
}

export async function letterServices(exec: Exec, studioId: number, engagementId: number): Promise<LetterServiceRow[]> {
  const rows = await exec(sql`SELECT "id", "position", "description", "rule", "fee"::text AS "fee", "unit_source"
    FROM "engagement_services" WHERE "studio_id" = ${studioId} AND "engagement_id" = ${engagementId}
    ORDER BY "position", "id"`);
  return rows.map((r) => ({
    id: Number(r.id),
    position: Number(r.position),
    description: String(r.description ?? ''),
    rule: String(r.rule),
    fee: toCents(String(r.fee)),
    unit_source: text(r.unit_source),
  }));
}

export async function serviceCount(exec: Exec, studioId: number, engagementId: number): Promise<number> {
  const [r] = await exec(sql`SELECT count(*)::int AS "n" FROM "engagement_services"
    WHERE "studio_id" = ${studioId} AND "engagement_id" = ${engagementId}`);
  return Number(r?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// the letters

/** A letter sent or a scan attached, as stored. */
export interface LetterRow {
  id: number;
  studio_id: number;
  engagement_id: number;
  kind: 'mail' | 'scan';
  storage_path: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  mail_id: number | null;
  mail_status: string | null;
  recipient: string | null;
  nonce: string | null;
  link_expires: string | null;
  opened_at: string | null;
  accepted_at: string | null;
  accepted_name: string | null;
  accepted_ip: string | null;
  accepted_agent: string | null;
  created_by_name: string;
  created_at: string;
  /** the newest letter sent by e-mail of the engagement (its link is the one that accepts) */
  newest_mail_id: number | null;
}

const LETTER_COLUMNS = sql`l."id", l."studio_id", l."engagement_id", l."kind", l."storage_path", l."filename", l."content_type", l."size",
  l."sha256", l."mail_id", o."status" AS "mail_status", l."recipient", l."nonce", to_char(l."link_expires", 'YYYY-MM-DD') AS "link_expires",
  to_char(l."opened_at", 'YYYY-MM-DD HH24:MI:SS') AS "opened_at", to_char(l."accepted_at", 'YYYY-MM-DD HH24:MI:SS') AS "accepted_at",
  l."accepted_name", l."accepted_ip", l."accepted_agent", l."created_by_name", to_char(l."created_at", 'YYYY-MM-DD HH24:MI:SS') AS "created_at",
  (SELECT max(n."id") FROM "engagement_letters" n WHERE n."engagement_id" = l."engagement_id" AND n."kind" = 'mail') AS "newest_mail_id"`;

function letterOf(r: Record<string, unknown>): LetterRow {
  return {
    id: Number(r.id),
    studio_id: Number(r.studio_id),
    engagement_id: Number(r.engagement_id),
    kind: r.kind === 'scan' ? 'scan' : 'mail',
    storage_path: String(r.storage_path),
    filename: String(r.filename),
    content_type: String(r.content_type),
    size: Number(r.size),
    sha256: String(r.sha256),
    mail_id: num(r.mail_id),
    mail_status: text(r.mail_status),
    recipient: text(r.recipient),
    nonce: text(r.nonce),
    link_expires: text(r.link_expires),
    opened_at: text(r.opened_at),
    accepted_at: text(r.accepted_at),
    accepted_name: text(r.accepted_name),
    accepted_ip: text(r.accepted_ip),
    accepted_agent: text(r.accepted_agent),
    created_by_name: String(r.created_by_name ?? ''),
    created_at: String(r.created_at),
    newest_mail_id: num(r.newest_mail_id),
  };
}

/** The engagement's letters and scans, newest first. */
export async function lettersOf(exec: Exec, studioId: number, engagementId: number): Promise<LetterRow[]> {
  const rows = await exec(sql`SELECT ${LETTER_COLUMNS} FROM "engagement_letters" l
    LEFT JOIN "mail_outbox" o ON o."id" = l."mail_id"
    WHERE l."studio_id" = ${studioId} AND l."engagement_id" = ${engagementId} ORDER BY l."id" DESC`);
  return rows.map(letterOf);
}

/** One letter of the engagement (the studio's), or null. */
export async function letterOfEngagement(
  exec: Exec,
  studioId: number,
  engagementId: number,
  letterId: number,
): Promise<LetterRow | null> {
  const [r] = await exec(sql`SELECT ${LETTER_COLUMNS} FROM "engagement_letters" l
    LEFT JOIN "mail_outbox" o ON o."id" = l."mail_id"
    WHERE l."studio_id" = ${studioId} AND l."engagement_id" = ${engagementId} AND l."id" = ${letterId}`);
  return r ? letterOf(r) : null;
}

/** A letter by its id alone (the customer's page: the token names it), locked when asked. */
export async function letterById(exec: Exec, id: number, lock = false): Promise<LetterRow | null> {
  const [r] = await exec(sql`SELECT ${LETTER_COLUMNS} FROM "engagement_letters" l
    LEFT JOIN "mail_outbox" o ON o."id" = l."mail_id"
    WHERE l."id" = ${id} ${lock ? sql`FOR UPDATE OF l` : sql``}`);
  return r ? letterOf(r) : null;
}

export interface NewLetter {
  studio_id: number;
  engagement_id: number;
  kind: 'mail' | 'scan';
  storage_path: string;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  recipient: string | null;
  nonce: string | null;
  link_expires: string | null;
  created_by: number | null;
  created_by_name: string;
}

export async function insertLetter(exec: Exec, l: NewLetter): Promise<number> {
  const [r] =
    await exec(sql`INSERT INTO "engagement_letters" ("studio_id", "engagement_id", "kind", "storage_path", "filename", "content_type",
      "size", "sha256", "recipient", "nonce", "link_expires", "created_by", "created_by_name")
    VALUES (${l.studio_id}, ${l.engagement_id}, ${l.kind}, ${l.storage_path}, ${l.filename}, ${l.content_type}, ${l.size}, ${l.sha256},
      ${l.recipient}, ${l.nonce}, ${l.link_expires}::date, ${l.created_by}, ${l.created_by_name})
    RETURNING "id"`);
  return Number(r!.id);
}

export async function setLetterMail(exec: Exec, letterId: number, mailId: number) {
  await exec(sql`UPDATE "engagement_letters" SET "mail_id" = ${mailId} WHERE "id" = ${letterId}`);
}

/** The first opening of a letter's page. */
export async function markOpened(exec: Exec, letterId: number) {
  await exec(
    sql`UPDATE "engagement_letters" SET "opened_at" = LOCALTIMESTAMP WHERE "id" = ${letterId} AND "opened_at" IS NULL`,
  );
}

/** The customer's acceptance on the page: who, when, from where; false when it was accepted already. */
export async function markAccepted(
  exec: Exec,
  letterId: number,
  a: { name: string; ip: string; agent: string | null; at: string },
): Promise<boolean> {
  const rows =
    await exec(sql`UPDATE "engagement_letters" SET "accepted_at" = ${a.at}::timestamp, "accepted_name" = ${a.name},
      "accepted_ip" = ${a.ip}, "accepted_agent" = ${a.agent}, "opened_at" = coalesce("opened_at", ${a.at}::timestamp)
    WHERE "id" = ${letterId} AND "accepted_at" IS NULL RETURNING "id"`);
  return rows.length === 1;
}

// ---------------------------------------------------------------------------------------------
// the engagement's state

export interface StateChange {
  status: string;
  sent_at?: string | null;
  signed_at?: string | null;
  signed_how?: string | null;
  ended_at?: string | null;
  end_date?: string | null;
}

/**
 * Moves the engagement to `to.status` when it is in one of `from` (and writes the other columns
 * given), with its audit row (who: the caller, or the customer on his page): false when it was not
 * in one of those states (another request moved it first).
 */
export async function changeState(
  exec: Exec,
  engagementId: number,
  from: string[],
  to: StateChange,
  who: { studioId: number; userId: number | null; name: string },
  changes: Record<string, [unknown, unknown]>,
): Promise<boolean> {
  const set = [
    sql`"status" = ${to.status}`,
    sql`"updated_at" = LOCALTIMESTAMP`,
    ...('sent_at' in to ? [sql`"sent_at" = ${to.sent_at ?? null}::timestamp`] : []),
    ...('signed_at' in to ? [sql`"signed_at" = ${to.signed_at ?? null}::timestamp`] : []),
    ...('signed_how' in to ? [sql`"signed_how" = ${to.signed_how ?? null}`] : []),
    ...('ended_at' in to ? [sql`"ended_at" = ${to.ended_at ?? null}::date`] : []),
    ...('end_date' in to ? [sql`"end_date" = ${to.end_date ?? null}::date`] : []),
  ];
  const fromList = sql.join(
    from.map((s) => sql`${s}`),
    sql`, `,
  );
  const rows = await exec(sql`UPDATE "engagements" SET ${sql.join(set, sql`, `)}
    WHERE "id" = ${engagementId} AND coalesce("status", 'draft') IN (${fromList}) AND "deleted_at" IS NULL RETURNING "id"`);
  if (rows.length !== 1) return false;
  await exec(sql`INSERT INTO "audit_log" ("studio_id", "model", "record_id", "action", "user_id", "user_name", "changes")
    VALUES (${who.studioId}, 'Engagement', ${engagementId}, 'update', ${who.userId}, ${who.name}, ${JSON.stringify(changes)}::jsonb)`);
  return true;
}

// ---------------------------------------------------------------------------------------------
// the studio's Word template of the letter

export interface LetterTemplateRow {
  storage_path: string;
  filename: string;
  size: number;
  sha256: string;
  uploaded_by_name: string;
  uploaded_at: string;
}

export async function letterTemplateRow(exec: Exec, studioId: number, lock = false): Promise<LetterTemplateRow | null> {
  const [r] = await exec(sql`SELECT "storage_path", "filename", "size", "sha256", "uploaded_by_name",
      to_char("uploaded_at", 'YYYY-MM-DD HH24:MI:SS') AS "uploaded_at"
    FROM "engagement_letter_templates" WHERE "studio_id" = ${studioId} ${lock ? sql`FOR UPDATE` : sql``}`);
  if (!r) return null;
  return {
    storage_path: String(r.storage_path),
    filename: String(r.filename),
    size: Number(r.size),
    sha256: String(r.sha256),
    uploaded_by_name: String(r.uploaded_by_name ?? ''),
    uploaded_at: String(r.uploaded_at),
  };
}

export async function putLetterTemplate(
  exec: Exec,
  studioId: number,
  t: { storage_path: string; filename: string; size: number; sha256: string; userId: number; userName: string },
) {
  await exec(sql`INSERT INTO "engagement_letter_templates" ("studio_id", "storage_path", "filename", "size", "sha256", "uploaded_by", "uploaded_by_name", "uploaded_at")
    VALUES (${studioId}, ${t.storage_path}, ${t.filename}, ${t.size}, ${t.sha256}, ${t.userId}, ${t.userName}, LOCALTIMESTAMP)
    ON CONFLICT ("studio_id") DO UPDATE SET "storage_path" = EXCLUDED."storage_path", "filename" = EXCLUDED."filename",
      "size" = EXCLUDED."size", "sha256" = EXCLUDED."sha256", "uploaded_by" = EXCLUDED."uploaded_by",
      "uploaded_by_name" = EXCLUDED."uploaded_by_name", "uploaded_at" = EXCLUDED."uploaded_at"`);
}

export async function deleteLetterTemplate(exec: Exec, studioId: number): Promise<string | null> {
  const [r] = await exec(
    sql`DELETE FROM "engagement_letter_templates" WHERE "studio_id" = ${studioId} RETURNING "storage_path"`,
  );
  return r ? String(r.storage_path) : null;
}

/**
 * The customer's engagement letters to read (the customers' area, issue 50 item 3): of each of his
 * engagements sent or signed, the newest letter sent by e-mail, with the engagement's title and state.
 */
export async function customerLetters(exec: Exec, studioId: number, customerId: number) {
  const rows =
    await exec(sql`SELECT ${LETTER_COLUMNS}, e."title" AS "engagement_title", e."status" AS "engagement_status"
    FROM "engagement_letters" l
      JOIN "engagements" e ON e."id" = l."engagement_id" AND e."deleted_at" IS NULL
      LEFT JOIN "mail_outbox" o ON o."id" = l."mail_id"
    WHERE l."studio_id" = ${studioId} AND e."customer_id" = ${customerId} AND l."kind" = 'mail'
      AND e."status" IN ('sent', 'signed')
      AND l."id" = (SELECT max(n."id") FROM "engagement_letters" n WHERE n."engagement_id" = l."engagement_id" AND n."kind" = 'mail')
    ORDER BY l."id" DESC`);
  return rows.map((r) => ({
    ...letterOf(r),
    engagement_title: String(r.engagement_title ?? ''),
    engagement_status: String(r.engagement_status),
  }));
}
