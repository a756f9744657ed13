/**
 * Following up (issue 30): the aging ('Scadenzario'), the studio's reminder rules ('Solleciti'),
 * the day's run, the review, and a customer's history with its 'contestato' mark.
 *
 * The run (`runReminders`), one studio at a time (its settings row locked for the transaction):
 * 1. pending reminders (proposed or queued) are withdrawn when their customer is now marked
 *    'contestato', has a debit in an SDD batch not yet settled, or has paid every item they ask
 *    for;
 * 2. each overdue open item has a target level: the highest whose days after the due date it has
 *    reached; a customer whose items reach a level higher than they were already asked for gets a
 *    reminder of that level listing all its overdue items (a lower pending one is withdrawn as
 *    superseded), if its overdue total reaches the level's minimum; none for a customer
 *    'contestato' or in an SDD batch not yet settled;
 * 3. an automatic level's reminder is queued for sending at once (unless the customer has no
 *    e-mail: then it waits for review with that reason), the others are proposed for review.
 * Running again the same day finds every item already asked for at its level: nothing new. The
 * scheduled run of a day is claimed once per studio (reminder_runs' unique index), whichever
 * process comes first; a run killed half-way wrote nothing (one transaction).
 */
import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import type { z } from 'zod';
import {
  AGING_BUCKETS,
  REMINDER_MAX_LEVELS,
  REMINDER_SETTINGS_MESSAGES,
  ReminderSettingsInput,
  type Aging,
  type AgingBucket,
  type AgingQuery,
  type ContestedInput,
  type CustomerReminders,
  type Reminder,
  type ReminderLevel,
  type ReminderListQuery,
  type ReminderSettings,
  type ReminderSettingsView,
} from '../../../model/api/reminders.js';
import { getModel } from '../../../model/registry.js';
import { displayDate, today as romeToday } from '../../../model/dates.js';
import { can, type Ctx } from '../../auth/context.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import type { Exec } from '../../records/exec.js';
import type { Tx } from '../../records/crud.js';
import { pathId } from '../../records/ids.js';
import { REPLACE_KEYS } from '../wordTemplates/index.js';
import { REMINDER_KEYS, unknownKeys } from './documents.js';
import {
  agingRows,
  blockedCustomers,
  customerContacts,
  discardReminders,
  disputeOf,
  finishRun,
  insertReminders,
  insertRun,
  lastRun,
  listReminders,
  lockStudio,
  overdueItems,
  ownCustomer,
  usableWordTemplates,
  pendingReminders,
  queueReminders,
  saveSettings,
  setDispute,
  settingsRow,
  withdraw,
  type AgingQueryFilter,
  type NewReminder,
} from './queries.js';

export const REMINDER_MESSAGES = {
  paid: 'Pagato: non resta nulla di scaduto',
  contested: 'Cliente contestato',
  presented: 'Addebito SDD o RiBa in corso: si attende la banca',
  superseded: 'Sostituito da un sollecito di livello più alto',
  noEmail: "Manca l'email del cliente: inseriscila nella scheda del cliente",
  discarded: 'Scartato in revisione',
  notPending: 'non è più da inviare',
} as const;

const transactions = () => getModel('Transaction');
/** Collaboratore and above, as the movements: the aging, the review, the run. */
function allowView(ctx: Ctx) {
  if (!can(ctx, transactions(), 'view')) throw forbidden();
}
function allowWrite(ctx: Ctx) {
  if (!can(ctx, transactions(), 'create')) throw forbidden();
}
/** The rules are the studio's: its Admin (and the SuperAdmin) changes them. */
function allowRules(ctx: Ctx) {
  if (ctx.role !== 'Admin' && ctx.role !== 'SuperAdmin') throw forbidden();
}

const num = (v: unknown) => new Decimal(String(v ?? '0')).toNumber();
const fail = (errors: Record<string, string[]>) => new HttpError(422, Object.values(errors)[0]![0]!, errors);

// ---------------------------------------------------------------------------------------------
// Aging

const AGING_MESSAGES = {
  collaborator: 'Collaboratore non valido',
  legalStatus: 'Forma giuridica non valida',
  bucket: `Fascia non valida: ${AGING_BUCKETS.join(', ')}`,
  mandate: "Mandato: 'with' (con mandato SDD) o 'without' (senza)",
  q: 'Testo di ricerca troppo lungo (al più 100 caratteri)',
};

const posInt = (v: unknown) => (typeof v === 'string' && /^\d{1,9}$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** The aging's filters from a query string: 422 naming the field on a bad one. */
export function agingFilter(q: AgingQuery): AgingQueryFilter {
  const errors: Record<string, string[]> = {};
  const f: AgingQueryFilter = {};
  const s = (k: string) => (q[k] == null || q[k] === '' ? undefined : String(q[k]));
  const c = s('collaborator_id');
  if (c !== undefined) {
    if (c === 'none') f.collaboratorId = 'none';
    else if (posInt(c)) f.collaboratorId = posInt(c)!;
    else errors.collaborator_id = [AGING_MESSAGES.collaborator];
  }
  const l = s('legal_status_id');
  if (l !== undefined) {
    if (posInt(l)) f.legalStatusId = posInt(l)!;
    else errors.legal_status_id = [AGING_MESSAGES.legalStatus];
  }
  const b = s('bucket');
  if (b !== undefined) {
    if ((AGING_BUCKETS as readonly string[]).includes(b)) f.bucket = b as AgingBucket;
    else errors.bucket = [AGING_MESSAGES.bucket];
  }
  const m = s('mandate');
  if (m !== undefined) {
    if (m === 'with' || m === 'without') f.mandate = m;
    else errors.mandate = [AGING_MESSAGES.mandate];
  }
  const t = s('q');
  if (t !== undefined) {
    if (t.length > 100) errors.q = [AGING_MESSAGES.q];
    else if (t.trim()) f.q = t.trim();
  }
  if (Object.keys(errors).length) throw fail(errors);
  return f;
}

type Sums = Record<AgingBucket | 'total', Decimal>;
const zero = (): Sums => ({
  not_due: new Decimal(0),
  d1_30: new Decimal(0),
  d31_60: new Decimal(0),
  d61_90: new Decimal(0),
  over_90: new Decimal(0),
  total: new Decimal(0),
});
const KEYS = [...AGING_BUCKETS, 'total'] as const;
const numbers = (s: Sums) =>
  Object.fromEntries(KEYS.map((k) => [k, s[k].toNumber()])) as Record<AgingBucket | 'total', number>;

/** GET /api/aging: open charges by customer in buckets as of today, totals per bucket and per collaborator. */
export async function agingOf(exec: Exec, ctx: Ctx, q: AgingQuery, now = new Date()): Promise<Aging> {
  allowView(ctx);
  const filter = agingFilter(q);
  const asOf = romeToday(now);
  const rows = await agingRows(exec, ctx.studioId, asOf, filter);
  const totals = zero();
  const byCollaborator = new Map<number | null, { name: string; sums: Sums; customers: number }>();
  const out = rows.map((r) => {
    const collaboratorId = r.collaborator_id == null ? null : Number(r.collaborator_id);
    const c =
      byCollaborator.get(collaboratorId) ??
      byCollaborator
        .set(collaboratorId, {
          name: r.collaborator ? String(r.collaborator) : 'Senza collaboratore',
          sums: zero(),
          customers: 0,
        })
        .get(collaboratorId)!;
    c.customers++;
    for (const k of KEYS) {
      const v = new Decimal(String(r[k]));
      totals[k] = totals[k].plus(v);
      c.sums[k] = c.sums[k].plus(v);
    }
    return {
      customer_id: Number(r.id),
      business_name: String(r.business_name),
      collaborator_id: collaboratorId,
      collaborator: r.collaborator ? String(r.collaborator) : null,
      legal_status: r.legal_status ? String(r.legal_status) : null,
      legal_status_cod: r.legal_status_cod ? String(r.legal_status_cod) : null,
      has_mandate: Boolean(r.has_mandate),
      contested: Boolean(r.contested),
      oldest_due: r.oldest ? String(r.oldest) : null,
      not_due: num(r.not_due),
      d1_30: num(r.d1_30),
      d31_60: num(r.d31_60),
      d61_90: num(r.d61_90),
      over_90: num(r.over_90),
      total: num(r.total),
    };
  });
  return {
    as_of: asOf,
    rows: out,
    totals: { ...numbers(totals), customers: out.length },
    by_collaborator: [...byCollaborator.entries()]
      .map(([id, c]) => ({ collaborator_id: id, collaborator: c.name, customers: c.customers, ...numbers(c.sums) }))
      .sort((a, b) => b.total - a.total || a.collaborator.localeCompare(b.collaborator, 'it')),
  };
}

/** The filters in words, printed on the CSV's and PDF's heading. */
export function agingFilterText(a: Aging, f: AgingQueryFilter, names: { collaborator?: string; legalStatus?: string }) {
  const parts = [`Situazione al ${displayDate(a.as_of)}`];
  if (f.collaboratorId === 'none') parts.push('senza collaboratore');
  else if (f.collaboratorId) parts.push(`collaboratore ${names.collaborator ?? f.collaboratorId}`);
  if (f.legalStatusId) parts.push(`forma giuridica ${names.legalStatus ?? f.legalStatusId}`);
  if (f.bucket) parts.push(`con importi nella fascia ${f.bucket.replace('d', '').replace('_', '–')}`);
  if (f.mandate) parts.push(f.mandate === 'with' ? 'con mandato SDD' : 'senza mandato SDD');
  if (f.q) parts.push(`nome contiene «${f.q}»`);
  return parts.join(' · ');
}

// ---------------------------------------------------------------------------------------------
// Rules

export const REMINDER_TEXT_KEYS = [...REPLACE_KEYS, ...REMINDER_KEYS];
const KNOWN_KEYS = new Set(REMINDER_TEXT_KEYS.map((k) => k.key));

/** Three levels a studio can start from: polite, firm, last. */
export const SUGGESTED_LEVELS: ReminderLevel[] = [
  {
    level: 1,
    days: 7,
    subject: 'Promemoria di pagamento - {studio_nome}',
    text: "Gentile {cliente_ragione_sociale},\n\nda un controllo risulta che i seguenti importi sono scaduti:\n\n{sollecito_partite}\n\nTotale scaduto: {sollecito_totale} €\n\nSe ha già provveduto, non tenga conto di questo messaggio. Altrimenti può pagare con un bonifico sull'IBAN {sollecito_iban} (causale: {sollecito_causale}) o dalla sua pagina personale:\n{sollecito_link}",
    word_template_id: null,
    min_amount: 10,
    auto: false,
  },
  {
    level: 2,
    days: 30,
    subject: 'Sollecito di pagamento - {studio_nome}',
    text: "Gentile {cliente_ragione_sociale},\n\nnonostante il nostro precedente promemoria risultano ancora scaduti i seguenti importi:\n\n{sollecito_partite}\n\nTotale scaduto: {sollecito_totale} €\n\nLa preghiamo di provvedere al pagamento entro 10 giorni con un bonifico sull'IBAN {sollecito_iban} (causale: {sollecito_causale}).\nLa sua situazione aggiornata: {sollecito_link}",
    word_template_id: null,
    min_amount: 10,
    auto: false,
  },
  {
    level: 3,
    days: 60,
    subject: 'Ultimo sollecito di pagamento - {studio_nome}',
    text: "Gentile {cliente_ragione_sociale},\n\nmalgrado i nostri solleciti risultano ancora scaduti importi per {sollecito_totale} €:\n\n{sollecito_partite}\n\nIn mancanza del pagamento entro 15 giorni saremo costretti a sospendere l'incarico.\nIBAN {sollecito_iban}, causale: {sollecito_causale}.\nLa sua situazione aggiornata: {sollecito_link}",
    word_template_id: null,
    min_amount: 50,
    auto: false,
  },
];

export interface StoredSettings extends ReminderSettings {
  levels: ReminderLevel[];
}

export async function storedSettings(exec: Exec, studioId: number): Promise<StoredSettings> {
  const r = await settingsRow(exec, studioId);
  const levels = (
    Array.isArray(r?.levels) ? r.levels : typeof r?.levels === 'string' ? JSON.parse(r.levels) : []
  ) as ReminderLevel[];
  return {
    enabled: Boolean(r?.enabled ?? false),
    run_time: String(r?.run_time ?? '08:00'),
    link_days: Number(r?.link_days ?? 60),
    aml_renewal_days: Number(r?.aml_renewal_days ?? 0),
    levels: [...levels].sort((a, b) => a.days - b.days),
  };
}

async function settingsView(
  exec: Exec,
  studioId: number,
): Promise<ReminderSettingsView & { suggested: ReminderLevel[] }> {
  const s = await storedSettings(exec, studioId);
  const run = await lastRun(exec, studioId);
  return {
    ...s,
    keys: REMINDER_TEXT_KEYS,
    suggested: SUGGESTED_LEVELS,
    last_run: run
      ? {
          day: String(run.day),
          at: String(run.at),
          kind: String(run.kind),
          proposed: Number(run.proposed),
          queued: Number(run.queued),
          withdrawn: Number(run.withdrawn),
        }
      : null,
  };
}

export async function getSettings(exec: Exec, ctx: Ctx) {
  allowView(ctx);
  return settingsView(exec, ctx.studioId);
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

type ReminderSettingsOutput = z.output<typeof ReminderSettingsInput>;

/**
 * Where a refusal goes among the others (they are answered in this order, the first one as the
 * message): the top fields; then each level's fields, its placeholders after its text; then the
 * levels' order; then the Word letters that are gone.
 */
const TOP_FIELDS = ['enabled', 'run_time', 'link_days', 'levels'];
const LEVEL_FIELDS = [
  'days',
  'subject',
  'word_template_id',
  'text',
  'placeholders.subject',
  'placeholders.text',
  'min_amount',
];
type Refusal = { key: string; message: string; order: [number, number, number] };
function refusalOf(path: PropertyKey[], message: string): Refusal {
  const [top, level, field] = path.map(String);
  const key = path.map(String).join('.');
  if (level === undefined) return { key, message, order: [0, -1, TOP_FIELDS.indexOf(top ?? '')] };
  const i = Number(level);
  if (field === 'days' && message === REMINDER_SETTINGS_MESSAGES.daysOrder(i))
    return { key, message, order: [1, i, 0] };
  return { key, message, order: [0, i, LEVEL_FIELDS.indexOf(field ?? '')] };
}

/**
 * The rules as sent by the form, checked field by field by their schema (ReminderSettingsInput,
 * with its Italian messages) and here for what only the server knows: the placeholders of the
 * texts and the studio's Word letters. Every refusal at once: 422 with `levels.N.field`.
 */
export async function checkSettings(exec: Exec, studioId: number, body: unknown): Promise<StoredSettings> {
  const refusals: Refusal[] = [];
  // a level that is not an object is read as an empty one: each of its fields answers its message
  const given =
    isObj(body) && Array.isArray(body.levels) ? { ...body, levels: body.levels.map((l) => (isObj(l) ? l : {})) } : body;
  const parsed = ReminderSettingsInput.safeParse(given);
  if (!parsed.success) for (const issue of parsed.error.issues) refusals.push(refusalOf(issue.path, issue.message));
  // the placeholders and the Word letters of the levels as sent (the first three: more are refused)
  const raw = isObj(body) && Array.isArray(body.levels) ? body.levels.slice(0, REMINDER_MAX_LEVELS) : [];
  const templateIds: Array<[number, number]> = [];
  raw.forEach((lv, i) => {
    const l = isObj(lv) ? lv : {};
    const texts = {
      subject: typeof l.subject === 'string' ? l.subject.trim() : '',
      text: typeof l.text === 'string' ? l.text.replace(/\r\n?/g, '\n') : '',
    };
    for (const field of ['subject', 'text'] as const) {
      const unknown = unknownKeys(texts[field], KNOWN_KEYS);
      if (unknown.length)
        refusals.push({
          key: `levels.${i}.${field}`,
          message: `${unknown.length === 1 ? 'Il segnaposto' : 'I segnaposto'} ${unknown
            .slice(0, 5)
            .map((u) => `{${u.slice(0, 40)}}`)
            .join(', ')} non ${unknown.length === 1 ? 'è previsto' : 'sono previsti'}: usa quelli elencati sotto`,
          order: [0, i, LEVEL_FIELDS.indexOf(`placeholders.${field}`)],
        });
    }
    const wordId = l.word_template_id == null || l.word_template_id === '' ? null : Number(l.word_template_id);
    if (wordId) templateIds.push([i, wordId]);
  });
  const own = await usableWordTemplates(
    exec,
    templateIds.map(([, id]) => id),
  );
  for (const [i, id] of templateIds)
    if (!own.has(id))
      refusals.push({
        key: `levels.${i}.word_template_id`,
        message: 'Il modello Word scelto non esiste più',
        order: [2, i, 0],
      });
  if (!parsed.success || refusals.length) {
    const errors: Record<string, string[]> = {};
    refusals.sort((a, b) => a.order[0] - b.order[0] || a.order[1] - b.order[1] || a.order[2] - b.order[2]);
    for (const r of refusals) (errors[r.key] ??= []).push(r.message);
    throw fail(errors);
  }
  const s: ReminderSettingsOutput = parsed.data;
  return {
    ...s,
    levels: s.levels.map((l, i) => ({
      level: i + 1,
      days: l.days,
      subject: l.subject,
      text: l.text,
      word_template_id: l.word_template_id,
      min_amount: l.min_amount,
      auto: l.auto,
    })),
  };
}

export async function putSettings(tx: Tx, ctx: Ctx, body: unknown) {
  allowRules(ctx);
  return tx(async (exec) => {
    const s = await checkSettings(exec, ctx.studioId, body);
    await lockStudio(exec, ctx.studioId);
    await saveSettings(exec, ctx.studioId, ctx.userId, s);
    return settingsView(exec, ctx.studioId);
  });
}

// ---------------------------------------------------------------------------------------------
// The run

export interface RunCounts {
  day: string;
  proposed: number;
  queued: number;
  withdrawn: number;
  /** the queued reminders to hand to the sender after the commit */
  queuedIds: number[];
}

/** The highest level whose days the item has reached (0: none yet). */
export function targetLevel(levels: ReminderLevel[], days: number): number {
  let t = 0;
  for (const l of levels) if (days >= l.days) t = l.level;
  return t;
}

/**
 * One studio's run as of `runDay` in the caller's transaction (see the file's comment). `kind`
 * 'scheduled' claims the day: null when that day's scheduled run was already made.
 */
export async function runReminders(
  exec: Exec,
  studioId: number,
  runDay: string,
  kind: 'scheduled' | 'manual',
  userId: number | null,
): Promise<RunCounts | null> {
  await lockStudio(exec, studioId);
  const runId = await insertRun(exec, studioId, runDay, kind, userId);
  if (runId === null) return null;
  const settings = await storedSettings(exec, studioId);
  const levels = settings.levels.map((l, i) => ({ ...l, level: i + 1 }));
  const items = await overdueItems(exec, studioId, runDay);
  const { contested, presented } = await blockedCustomers(exec, studioId);
  const pending = await pendingReminders(exec, studioId);

  // 1. withdrawn: paid, disputed, in an SDD batch
  const open = new Set(items.map((i) => Number(i.id)));
  const withdrawals = new Map<string, number[]>();
  const out = (reason: string, id: number) =>
    (withdrawals.get(reason) ?? withdrawals.set(reason, []).get(reason)!).push(id);
  const stillPending = new Map<number, (typeof pending)[number]>();
  for (const r of pending) {
    if (contested.has(r.customer_id)) out(REMINDER_MESSAGES.contested, r.id);
    else if (presented.has(r.customer_id)) out(REMINDER_MESSAGES.presented, r.id);
    else if (!r.charges.some((c) => open.has(c))) out(REMINDER_MESSAGES.paid, r.id);
    else stillPending.set(r.customer_id, r);
  }

  // 2. what is due, per customer
  const byCustomer = new Map<number, typeof items>();
  for (const i of items) {
    const c = Number(i.customer_id);
    (byCustomer.get(c) ?? byCustomer.set(c, []).get(c)!).push(i);
  }
  const contacts = await customerContacts(exec, studioId, [...byCustomer.keys()]);
  const news: NewReminder[] = [];
  for (const [customerId, list] of byCustomer) {
    if (!levels.length || contested.has(customerId) || presented.has(customerId) || !contacts.has(customerId)) continue;
    let level = 0;
    for (const i of list) {
      const t = targetLevel(levels, Number(i.days));
      if (t > Number(i.reached)) level = Math.max(level, t);
    }
    if (!level) continue;
    const before = stillPending.get(customerId);
    if (before && before.level >= level) continue;
    const rule = levels[level - 1]!;
    const total = list.reduce((s, i) => s.plus(String(i.open)), new Decimal(0));
    if (total.lessThan(rule.min_amount) || total.lte(0)) continue;
    if (before) out(REMINDER_MESSAGES.superseded, before.id);
    const email = contacts.get(customerId)!.email;
    const auto = rule.auto && !!email;
    news.push({
      customer_id: customerId,
      level,
      status: auto ? 'queued' : 'proposed',
      amount: total.toFixed(2),
      nonce: randomBytes(12).toString('base64url'),
      reason: email ? null : REMINDER_MESSAGES.noEmail,
      items: list.map((i) => ({ charge_id: Number(i.id), open: String(i.open) })),
    });
  }
  let withdrawn = 0;
  for (const [reason, ids] of withdrawals) withdrawn += await withdraw(exec, ids, reason);
  const ids = await insertReminders(exec, studioId, runId, runDay, userId, news);
  const queuedIds = ids.filter((_, i) => news[i]!.status === 'queued');
  const counts = { day: runDay, proposed: news.length - queuedIds.length, queued: queuedIds.length, withdrawn };
  await finishRun(exec, runId, counts);
  return { ...counts, queuedIds };
}

/** POST /api/reminders/run: today's run now ('Esegui ora'). */
export async function runNow(tx: Tx, ctx: Ctx, now = new Date()): Promise<RunCounts> {
  allowWrite(ctx);
  const settings = await tx((exec) => storedSettings(exec, ctx.studioId));
  if (!settings.levels.length)
    throw new HttpError(422, "Nessun livello di sollecito: indicane almeno uno nella scheda 'Regole'");
  return (await tx((exec) => runReminders(exec, ctx.studioId, romeToday(now), 'manual', ctx.userId)))!;
}

// ---------------------------------------------------------------------------------------------
// Review and history

const reminderOf = (r: Record<string, unknown>): Reminder => ({
  id: Number(r.id),
  customer_id: Number(r.customer_id),
  business_name: String(r.business_name),
  email: r.email ? String(r.email) : null,
  level: Number(r.level),
  status: String(r.status) as Reminder['status'],
  amount: num(r.amount),
  items: Number(r.items),
  oldest_due: r.oldest_due ? String(r.oldest_due) : null,
  created_at: String(r.created_at),
  sent_at: r.sent_at ? String(r.sent_at) : null,
  opened_at: r.opened_at ? String(r.opened_at) : null,
  opened_count: Number(r.opened_count ?? 0),
  withdrawn_at: r.withdrawn_at ? String(r.withdrawn_at) : null,
  reason: r.reason ? String(r.reason) : null,
  mail_id: r.mail_id == null ? null : Number(r.mail_id),
  mail_status: r.mail_status ? (String(r.mail_status) as Reminder['mail_status']) : null,
  mail_error: r.mail_error ? String(r.mail_error) : null,
});

const STATUS_FILTERS: Record<string, string[]> = {
  pending: ['proposed', 'queued'],
  proposed: ['proposed'],
  queued: ['queued'],
  sent: ['sent'],
  withdrawn: ['withdrawn'],
  discarded: ['discarded'],
  done: ['sent', 'withdrawn', 'discarded'],
};

export async function reminderList(exec: Exec, ctx: Ctx, q: ReminderListQuery): Promise<Reminder[]> {
  allowView(ctx);
  const status = q.status == null || q.status === '' ? undefined : String(q.status);
  if (status !== undefined && !STATUS_FILTERS[status])
    throw fail({ status: [`Stato non valido: ${Object.keys(STATUS_FILTERS).join(', ')}`] });
  const text = q.q == null ? '' : String(q.q).trim();
  if (text.length > 100) throw fail({ q: [AGING_MESSAGES.q] });
  const rows = await listReminders(exec, ctx.studioId, {
    statuses: status ? STATUS_FILTERS[status] : undefined,
    q: text || undefined,
  });
  return rows.map(reminderOf);
}

/** POST /api/reminders/send: the chosen proposals queued (those that cannot go are named with why). */
export async function queueForSending(tx: Tx, ctx: Ctx, ids: number[]) {
  allowWrite(ctx);
  return tx(async (exec) => {
    await lockStudio(exec, ctx.studioId);
    const pending = await pendingReminders(exec, ctx.studioId, ids);
    const found = new Set(pending.map((p) => p.id));
    const contacts = await customerContacts(
      exec,
      ctx.studioId,
      pending.map((p) => p.customer_id),
    );
    const { contested, presented } = await blockedCustomers(exec, ctx.studioId);
    const skipped: Array<{ id: number; business_name: string; reason: string }> = [];
    const ok: number[] = [];
    for (const p of pending) {
      const c = contacts.get(p.customer_id);
      const name = c?.business_name ?? '';
      if (p.status === 'queued') continue;
      if (!c?.email) skipped.push({ id: p.id, business_name: name, reason: REMINDER_MESSAGES.noEmail });
      else if (contested.has(p.customer_id))
        skipped.push({ id: p.id, business_name: name, reason: REMINDER_MESSAGES.contested });
      else if (presented.has(p.customer_id))
        skipped.push({ id: p.id, business_name: name, reason: REMINDER_MESSAGES.presented });
      else ok.push(p.id);
    }
    // ids of another studio, or no longer pending, are named without their customer
    for (const id of ids)
      if (!found.has(id))
        skipped.push({ id, business_name: '', reason: `Il sollecito ${id} ${REMINDER_MESSAGES.notPending}` });
    const queued = await queueReminders(exec, ctx.studioId, ok);
    return { queued, skipped };
  });
}

export async function discard(tx: Tx, ctx: Ctx, ids: number[]) {
  allowWrite(ctx);
  return tx((exec) => discardReminders(exec, ctx.studioId, ids, REMINDER_MESSAGES.discarded));
}

export async function customerHistory(exec: Exec, ctx: Ctx, raw: unknown): Promise<CustomerReminders> {
  allowView(ctx);
  const id = pathId(raw);
  if (!(await ownCustomer(exec, ctx.studioId, id))) throw notFound();
  const d = await disputeOf(exec, ctx.studioId, id);
  const rows = await listReminders(exec, ctx.studioId, { customerId: id, limit: 500 });
  return {
    contested: d
      ? { note: d.note ? String(d.note) : null, since: String(d.since), by: d.by ? String(d.by) : null }
      : null,
    reminders: rows.map(reminderOf),
  };
}

/** PUT /api/customer/:id/contested: a pending reminder of a customer now disputed is withdrawn at once. */
export async function setContested(tx: Tx, ctx: Ctx, raw: unknown, b: ContestedInput) {
  allowWrite(ctx);
  const id = pathId(raw);
  if (typeof b.contested !== 'boolean') throw fail({ contested: ['Indica se il cliente contesta (sì o no)'] });
  const note = b.note == null ? null : String(b.note).trim().slice(0, 2000) || null;
  await tx(async (exec) => {
    if (!(await ownCustomer(exec, ctx.studioId, id))) throw notFound();
    await lockStudio(exec, ctx.studioId);
    await setDispute(exec, ctx.studioId, id, b.contested as boolean, note, ctx.userId);
    if (b.contested) {
      const pending = (await pendingReminders(exec, ctx.studioId)).filter((p) => p.customer_id === id);
      await withdraw(
        exec,
        pending.map((p) => p.id),
        REMINDER_MESSAGES.contested,
      );
    }
  });
  return tx((exec) => customerHistory(exec, ctx, id));
}
