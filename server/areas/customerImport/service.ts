/**
 * The customer import (issue 16): a spreadsheet staged on the server, each row checked with the
 * customer form's own validators (seed A §5 messages, per cell), matched with the studio's
 * customers (same VAT number or fiscal code: skipped or updated, as chosen), its legal
 * representative and legal status matched by name or created, and the valid rows written with
 * multi-row statements. The rows are checked outside any transaction and written in steps of a few
 * hundred, a transaction each (issue 45 item 22: in one transaction, 20,000 rows held the embedded
 * database — every studio's requests — for four seconds); an import that fails or whose process
 * stops half-way is taken back whole. Every import can be undone as a whole: its new customers go to
 * the trash together and the customers it updated get their earlier values back.
 */
import { createHash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { Ctx } from '../../auth/context.js';
import { atLeast } from '../../../model/define.js';
import { can } from '../../auth/context.js';
import type { Exec, Row } from '../../records/exec.js';
import type { Tx } from '../../records/crud.js';
import { audit } from '../../records/audit.js';
import { toDbValue } from '../../records/values.js';
import { checkFiscalCodes } from '../../records/fiscalCode.js';
import { HttpError, MSG, forbidden, notFound } from '../../errors.js';
import { getModel } from '../../../model/registry.js';
import { defaultOf, validateRecord, type FieldErrors } from '../../../model/validate.js';
import {
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  autoMapping,
  cellValue,
  type DuplicateChoice,
  type ImportCounts,
  type ImportMapping,
  type ImportPreviewRow,
} from '../../../model/customerImport.js';
import * as db from './queries.js';
import { timeSlices, turn } from '../../turns.js';
import { offload } from '../../offload/pool.js';

const Customer = getModel('Customer');

export interface ImportOptions {
  mapping: ImportMapping;
  fixed: Record<string, string>;
  duplicates: DuplicateChoice;
}
export type Progress = (p: { phase: 'check' | 'write'; done: number; total: number }) => void | Promise<void>;

/** Admin and above, with the right to create customers. */
export function assertMayImport(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Admin') || !can(ctx, Customer, 'create')) throw forbidden();
}

/** Stages an uploaded file: its rows, and the mapping proposed for its headers. */
export async function stageImport(exec: Exec, ctx: Ctx, fileName: string, bytes: Buffer) {
  assertMayImport(ctx);
  // read on the offload pool (issue 45 item 20): a file's cost never holds the request's thread
  const sheet = await offload('spreadsheet', bytes, { key: ctx.studioId });
  await db.dropStaleStaged(exec);
  const previous = (await db.lastMapping(exec, ctx)) as { mapping?: ImportMapping } | null;
  const mapping = autoMapping(sheet.headers, previous?.mapping ?? null);
  const id = await db.insertStagedImport(exec, ctx, {
    fileName,
    format: sheet.format,
    headers: sheet.headers,
    rowCount: sheet.rowCount,
    parts: sheet.parts,
  });
  return {
    id,
    file_name: fileName,
    format: sheet.format,
    encoding: sheet.encoding ?? null,
    separator: sheet.separator ?? null,
    headers: sheet.headers,
    row_count: sheet.rowCount,
    mapping,
    sample: sheet.sample,
  };
}

/**
 * The options of a request (model/api ImportOptionsInput), or as kept with a staged import (any
 * JSON), checked against the file's headers (422 in Italian otherwise).
 */
export function checkOptions(raw: unknown, headers: string[]): ImportOptions {
  const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const mapping: ImportMapping = {};
  const inMapping = body.mapping && typeof body.mapping === 'object' ? (body.mapping as Record<string, unknown>) : {};
  for (const f of IMPORT_FIELDS) {
    const h = inMapping[f];
    if (h === null || h === undefined || h === '') {
      mapping[f] = null;
      continue;
    }
    if (typeof h !== 'string' || !headers.includes(h))
      (errors.mapping ??= []).push(IMPORT_MESSAGES.unknownColumn(String(h)));
    else mapping[f] = h;
  }
  const fixed: Record<string, string> = {};
  const inFixed = body.fixed && typeof body.fixed === 'object' ? (body.fixed as Record<string, unknown>) : {};
  for (const [f, v] of Object.entries(inFixed)) {
    if (!IMPORT_FIELDS.includes(f) || v === null || v === undefined || String(v).trim() === '') continue;
    if (typeof v !== 'string' && typeof v !== 'number') continue;
    if (mapping[f] === null) fixed[f] = String(v).slice(0, 1000);
  }
  if (!Object.values(mapping).some(Boolean)) (errors.mapping ??= []).push(IMPORT_MESSAGES.noMapping);
  const duplicates = body.duplicates === 'update' ? 'update' : 'skip';
  if (Object.keys(errors).length) throw new HttpError(422, MSG.validation, errors);
  return { mapping, fixed, duplicates };
}

// ---------------------------------------------------------------------------
// matching of names
// ---------------------------------------------------------------------------

const nameKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const codeKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');

interface Lookups {
  reps: Map<string, number>;
  statuses: Map<string, number>;
  statusCodes: Set<string>;
  collaborators: Map<string, number>;
  existingByVat: Map<string, db.ExistingCustomer>;
  existingByCf: Map<string, db.ExistingCustomer>;
  codes: Map<string, number>;
}

async function lookups(exec: Exec, ctx: Ctx, vats: string[], cfs: string[], codes: string[]): Promise<Lookups> {
  const reps = new Map<string, number>();
  for (const r of await db.legalRepresentatives(exec, ctx)) {
    const full = [r.name, r.surname].filter(Boolean).join(' ');
    const reversed = [r.surname, r.name].filter(Boolean).join(' ');
    for (const k of [nameKey(full), nameKey(reversed), r.fiscal_code ? codeKey(r.fiscal_code) : ''])
      if (k && !reps.has(k)) reps.set(k, r.id);
  }
  const statuses = new Map<string, number>();
  const statusCodes = new Set<string>();
  for (const s of await db.legalStatuses(exec, ctx)) {
    statusCodes.add(s.cod.toUpperCase());
    if (s.trashed) continue;
    for (const k of [codeKey(s.cod), s.description ? codeKey(s.description) : ''])
      if (k && !statuses.has(k)) statuses.set(k, s.id);
  }
  const collaborators = new Map<string, number>();
  for (const c of await db.collaboratorsOf(exec, ctx)) {
    collaborators.set(c.email.trim().toLowerCase(), c.id);
    if (!collaborators.has(nameKey(c.name))) collaborators.set(nameKey(c.name), c.id);
  }
  const existing = await db.customersByKeys(exec, ctx, vats, cfs, IMPORT_FIELDS);
  const existingByVat = new Map<string, db.ExistingCustomer>();
  const existingByCf = new Map<string, db.ExistingCustomer>();
  for (const c of existing) {
    if (c.vat_id && !existingByVat.has(c.vat_id)) existingByVat.set(c.vat_id, c);
    if (c.fiscal_code && !existingByCf.has(c.fiscal_code)) existingByCf.set(c.fiscal_code, c);
  }
  return {
    reps,
    statuses,
    statusCodes,
    collaborators,
    existingByVat,
    existingByCf,
    codes: await db.customerCodes(exec, ctx, codes),
  };
}

// ---------------------------------------------------------------------------
// the plan of each row
// ---------------------------------------------------------------------------

interface RowPlan extends ImportPreviewRow {
  /** the column values of a new customer or of an update (relations to create named by key) */
  write?: Row;
  newRep?: string;
  newStatus?: string;
  /** an update's customer as it is now (importable columns as text) */
  current?: Row;
}

const cellOf = (row: string[], headers: string[], header: string | null) =>
  header === null ? '' : (row[headers.indexOf(header)] ?? '');
/** a spreadsheet cell quoted against formula injection when it was written out (`'=…`) reads back as typed */
const unquote = (s: string) => (/^'[=@+\-\t\r]/.test(s) ? s.slice(1) : s);

const textOfRow = (source: db.StagedSource, opts: ImportOptions) => (row: string[], field: string) =>
  unquote((opts.mapping[field] ? cellOf(row, source.headers, opts.mapping[field]!) : (opts.fixed[field] ?? '')).trim());

/** Each row's VAT number, fiscal code and code, as the customer form reads them (in steps: the event loop answers others between). */
async function keysOf(source: db.StagedSource, opts: ImportOptions) {
  const textOf = textOfRow(source, opts);
  const vatFd = Customer.fields.vat_id!,
    cfFd = Customer.fields.fiscal_code!,
    codFd = Customer.fields.cod!;
  const keys: Array<{ vat: string; cf: string; cod: string }> = [];
  const pause = timeSlices();
  for (let i = 0; i < source.rows.length; i++) {
    const r = source.rows[i]!;
    keys.push({
      vat: String(cellValue(vatFd, textOf(r, 'vat_id')) ?? ''),
      cf: String(cellValue(cfFd, textOf(r, 'fiscal_code')) ?? '').toUpperCase(),
      cod: String(cellValue(codFd, textOf(r, 'cod')) ?? ''),
    });
    await pause();
  }
  return keys;
}
type Keys = Awaited<ReturnType<typeof keysOf>>;

/** What the studio has that the rows' plan depends on. */
const lookupsOf = (exec: Exec, ctx: Ctx, keyed: Keys) =>
  lookups(
    exec,
    ctx,
    [...new Set(keyed.map((k) => k.vat).filter(Boolean))],
    [...new Set(keyed.map((k) => k.cf).filter(Boolean))],
    [...new Set(keyed.map((k) => k.cod).filter(Boolean))],
  );

/** A digest of the lookups: the same digest, the same plan (customers compared by id and last change). */
function digestOf(L: Lookups): string {
  const customers = (m: Map<string, db.ExistingCustomer>) => [...m].map(([k, c]) => [k, c.id, c.updated_at]);
  return createHash('sha256')
    .update(
      JSON.stringify([
        [...L.reps],
        [...L.statuses],
        [...L.statusCodes],
        [...L.collaborators],
        customers(L.existingByVat),
        customers(L.existingByCf),
        [...L.codes],
      ]),
    )
    .digest('hex');
}

/** What the import would do with each row of the staged file (reads the studio's data through `exec`). */
async function planRows(
  exec: Exec,
  ctx: Ctx,
  source: db.StagedSource,
  opts: ImportOptions,
  progress?: Progress,
  /** the cells as read, for the preview's table (the import itself needs only what it writes) */
  keepValues = true,
): Promise<RowPlan[]> {
  const keyed = await keysOf(source, opts);
  return planWith(source, opts, keyed, await lookupsOf(exec, ctx, keyed), progress, keepValues);
}

/** The plan of each row against the studio's data as read (`L`). */
async function planWith(
  source: db.StagedSource,
  opts: ImportOptions,
  keyed: Keys,
  L: Lookups,
  progress: Progress | undefined,
  keepValues: boolean,
): Promise<RowPlan[]> {
  const { rows } = source;
  const textOf = textOfRow(source, opts);
  const pause = timeSlices();
  const seenVat = new Map<string, number>(),
    seenCf = new Map<string, number>(),
    seenCod = new Map<string, number>();
  const plans: RowPlan[] = [];
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const line = i + 2;
    const values: Record<string, string> = {};
    const input: Row = {};
    for (const f of IMPORT_FIELDS) {
      const t = textOf(row, f);
      if (keepValues && (opts.mapping[f] || opts.fixed[f] !== undefined)) values[f] = t;
      if (t !== '') input[f] = cellValue(Customer.fields[f]!, t);
    }
    const { vat, cf, cod } = keyed[i]!;
    const existing = (vat && L.existingByVat.get(vat)) || (cf && L.existingByCf.get(cf)) || undefined;
    const plan: RowPlan = { line, status: 'new', values, errors: {} };
    if (existing) {
      plan.existing = { id: existing.id, business_name: existing.business_name };
      plan.current = existing.values;
    }
    if (existing && opts.duplicates === 'skip') {
      plan.status = 'skip';
      plans.push(plan);
      continue;
    }
    const mode = existing ? 'update' : 'create';
    const errors: FieldErrors = {};
    const creates: string[] = [];
    // relations: by name (or code), or created with the import
    const resolved: Row = { ...input };
    const rep = input.legal_representative_id;
    if (typeof rep === 'string') {
      const id = L.reps.get(nameKey(rep)) ?? L.reps.get(codeKey(rep));
      if (id) resolved.legal_representative_id = id;
      else {
        resolved.legal_representative_id = 1;
        plan.newRep = rep.trim();
        creates.push('legal_representative_id');
      }
    }
    const status = input.legal_status_id;
    if (typeof status === 'string') {
      const id = L.statuses.get(codeKey(status));
      if (id) resolved.legal_status_id = id;
      else if (codeKey(status)) {
        resolved.legal_status_id = 1;
        plan.newStatus = status.trim();
        creates.push('legal_status_id');
      } else errors.legal_status_id = [RELATION_MESSAGE];
    }
    for (const f of ['collaborator_accounting_id', 'collaborator_studio_jobs_id']) {
      const v = input[f];
      if (typeof v !== 'string') continue;
      const id = L.collaborators.get(v.trim().toLowerCase()) ?? L.collaborators.get(nameKey(v));
      if (id) resolved[f] = id;
      else errors[f] = [IMPORT_MESSAGES.notFound('Collaboratore')];
    }
    if (mode === 'create') {
      for (const f of IMPORT_FIELDS) {
        const fd = Customer.fields[f]!;
        if ((resolved[f] === undefined || resolved[f] === null) && fd.default !== undefined)
          resolved[f] = defaultOf(fd);
      }
    }
    const checked = validateRecord(Customer, resolved, mode);
    checkFiscalCodes(Customer, resolved, checked);
    for (const [f, msgs] of Object.entries(checked)) if (!errors[f]) errors[f] = msgs;
    // the same customer twice in the file; a code already used by another customer
    const twice = (vat && seenVat.get(vat)) || (cf && seenCf.get(cf));
    if (twice && !errors.vat_id && !errors.fiscal_code)
      errors[vat && seenVat.get(vat) ? 'vat_id' : 'fiscal_code'] = [IMPORT_MESSAGES.duplicateInFile(twice)];
    if (cod && !errors.cod) {
      const owner = L.codes.get(cod);
      if (owner !== undefined && owner !== existing?.id) errors.cod = [MSG.duplicate];
      else if (seenCod.has(cod)) errors.cod = [IMPORT_MESSAGES.duplicateInFile(seenCod.get(cod)!)];
    }
    if (vat && !seenVat.has(vat)) seenVat.set(vat, line);
    if (cf && !seenCf.has(cf)) seenCf.set(cf, line);
    if (cod && !seenCod.has(cod)) seenCod.set(cod, line);
    for (const [f, msgs] of Object.entries(errors)) plan.errors[f] = msgs[0]!;
    if (Object.keys(plan.errors).length) {
      plan.status = 'invalid';
      delete plan.newRep;
      delete plan.newStatus;
    } else {
      plan.status = existing ? 'update' : 'new';
      if (creates.length) plan.creates = creates;
      const write: Row = {};
      for (const f of IMPORT_FIELDS) {
        if (!(f in resolved)) continue;
        if (mode === 'update' && !(f in input)) continue;
        write[f] = creates.includes(f) ? null : toDbValue(Customer.fields[f]!, resolved[f]);
      }
      plan.write = write;
    }
    plans.push(plan);
    // in slices of 10 ms: the event loop answers other studios between two (20,000 rows checked at
    // once held it for seconds: issue 45 item 22)
    await pause();
    if (progress && (i + 1) % 1000 === 0) {
      await progress({ phase: 'check', done: i + 1, total: rows.length });
      await turn();
    }
  }
  await progress?.({ phase: 'check', done: rows.length, total: rows.length });
  return plans;
}

const RELATION_MESSAGE = 'Elemento non valido';

export function countsOf(plans: ImportPreviewRow[]): ImportCounts {
  const c = { created: 0, updated: 0, skipped: 0, invalid: 0 };
  for (const p of plans) {
    if (p.status === 'new') c.created++;
    else if (p.status === 'update') c.updated++;
    else if (p.status === 'skip') c.skipped++;
    else c.invalid++;
  }
  return c;
}

const publicRow = (p: RowPlan): ImportPreviewRow => {
  const { write: _w, newRep: _r, newStatus: _s, current: _c, ...rest } = p;
  return rest;
};

async function stagedOf(exec: Exec, ctx: Ctx, id: number, forUpdate = false, withSource: true | 'headers' = true) {
  const imp = await db.importOf(exec, ctx, id, { forUpdate, withSource });
  if (!imp) throw notFound();
  if (imp.status !== 'staged' || !imp.source) throw new HttpError(409, IMPORT_MESSAGES.gone);
  return imp as db.ImportRecord & { source: db.StagedSource };
}

/** The headers of a staged import (to check a request's options before work starts). */
export async function stagedHeaders(exec: Exec, ctx: Ctx, id: number): Promise<string[]> {
  assertMayImport(ctx);
  return (await stagedOf(exec, ctx, id, false, 'headers')).source.headers;
}

/** The preview: every row with what the import will do and its errors; the options are remembered. */
export async function previewImport(exec: Exec, ctx: Ctx, id: number, opts: ImportOptions, progress?: Progress) {
  assertMayImport(ctx);
  const imp = await stagedOf(exec, ctx, id);
  const plans = await planRows(exec, ctx, imp.source, opts, progress);
  await db.saveMapping(exec, ctx, id, opts);
  return { rows: plans.map(publicRow), counts: countsOf(plans) };
}

/**
 * New customers written in one transaction: between two, the other requests (every studio's, on the
 * embedded database, whose statements run on this thread) have their turn; a step of 100 holds them
 * for about 20 ms.
 */
const WRITE_STEP = 100;
/** Customers updated in one transaction (two statements each). */
const UPDATE_STEP = 25;
/** an import with no step written for this long was left by a process that stopped */
export const STALE_IMPORT_MINUTES = 5;

/**
 * Imports the valid rows; answers the counts. The rows are checked outside any transaction; a short
 * transaction then claims the import ('importing': a second run is refused) after checking that what
 * the check read is unchanged (else the rows are checked again there), and creates the legal
 * representatives and statuses the file names; the customers are written in steps, each a
 * transaction that also records them as the import's items; the last marks the import done. If a
 * step fails, what was written is taken back and the import is marked undone; if the process stops,
 * the next look at the studio's imports takes it back (`takeBackStale`).
 */
export async function runImport(
  deps: { exec: Exec; tx: Tx },
  ctx: Ctx,
  id: number,
  opts: ImportOptions,
  progress?: Progress,
): Promise<ImportCounts & { id: number }> {
  assertMayImport(ctx);
  let imp: Awaited<ReturnType<typeof stagedOf>> | undefined = await stagedOf(deps.exec, ctx, id);
  const keyed = await keysOf(imp.source, opts);
  const read = await lookupsOf(deps.exec, ctx, keyed);
  let plans = await planWith(imp.source, opts, keyed, read, progress, false);
  // the staged rows are not needed any more: let them go before the writes (issue 27: the import's peak)
  imp = undefined;
  const digest = digestOf(read);

  // claimed, with the relations the file names
  const repIds = new Map<string, number>();
  const statusIds = new Map<string, number>();
  await deps.tx(async (exec) => {
    // locked without its rows (read again only if they must be checked again)
    const current = await db.importOf(exec, ctx, id, { forUpdate: true, withSource: false });
    if (!current) throw notFound();
    if (current.status !== 'staged') throw new HttpError(409, IMPORT_MESSAGES.gone);
    const now = await lookupsOf(exec, ctx, keyed);
    // a colleague saved a customer of the file, a code, a legal representative meanwhile: checked again
    if (digestOf(now) !== digest)
      plans = await planWith((await stagedOf(exec, ctx, id)).source, opts, keyed, now, undefined, false);
    await db.markImporting(exec, ctx, id);
    const newReps = [...new Map(plans.filter((p) => p.newRep).map((p) => [nameKey(p.newRep!), p.newRep!])).entries()];
    if (newReps.length) {
      const ids = await db.insertMany(
        exec,
        'legal_representatives',
        ['studio_id', 'name'],
        newReps.map(([, name]) => [ctx.studioId, name.slice(0, 255)]),
      );
      newReps.forEach(([k], i) => repIds.set(k, ids[i]!));
      await db.auditCreated(exec, ctx, 'LegalRepresentative', ids);
    }
    const newStatuses = [
      ...new Map(plans.filter((p) => p.newStatus).map((p) => [codeKey(p.newStatus!), p.newStatus!])).entries(),
    ];
    if (newStatuses.length) {
      const L = await db.legalStatuses(exec, ctx);
      const used = new Set(L.map((s) => s.cod.toUpperCase()));
      const rowsToInsert = newStatuses.map(([k, text]) => {
        let cod = k.slice(0, 16);
        for (let n = 2; used.has(cod); n++) cod = `${k.slice(0, 16 - String(n).length - 1)}-${n}`;
        used.add(cod);
        return [ctx.studioId, cod, text.slice(0, 255)];
      });
      const ids = await db.insertMany(exec, 'legal_statuses', ['studio_id', 'cod', 'description'], rowsToInsert);
      newStatuses.forEach(([k], i) => statusIds.set(k, ids[i]!));
      await db.auditCreated(exec, ctx, 'LegalStatus', ids);
    }
  });

  const total = plans.filter((p) => p.status === 'new' || p.status === 'update').length;
  const withRelations = (p: RowPlan): Row => {
    const w = { ...p.write! };
    if (p.newRep) w.legal_representative_id = repIds.get(nameKey(p.newRep));
    if (p.newStatus) w.legal_status_id = statusIds.get(codeKey(p.newStatus));
    return w;
  };
  try {
    // new customers: multi-row inserts, audited and recorded as the import's items, a step at a time
    const creating = plans.filter((p) => p.status === 'new');
    const columns = ['studio_id', ...IMPORT_FIELDS];
    let done = 0;
    for (let i = 0; i < creating.length; i += WRITE_STEP) {
      const part = creating.slice(i, i + WRITE_STEP).map((p) => {
        const w = withRelations(p);
        p.write = undefined; // written now: let it go
        return Object.fromEntries([['studio_id', ctx.studioId], ...IMPORT_FIELDS.map((f) => [f, w[f] ?? null])]);
      });
      await deps.tx(async (exec) => {
        const ids = await db.insertRecords(exec, 'customers', columns, part);
        await db.auditCreated(exec, ctx, 'Customer', ids);
        await db.insertImportItems(
          exec,
          id,
          ids.map((customerId) => ({ customerId, action: 'created' as const, before: null })),
        );
        await db.heartbeat(exec, id);
      });
      done += part.length;
      await progress?.({ phase: 'write', done, total });
      await turn();
    }
    // customers already present: the file's non-empty cells over their values, the earlier values kept for the undo
    const updatedOnce = new Set<number>();
    const updating = plans.filter((p) => {
      if (p.status !== 'update' || updatedOnce.has(p.existing!.id)) return false;
      updatedOnce.add(p.existing!.id);
      return true;
    });
    for (let i = 0; i < updating.length; i += UPDATE_STEP) {
      const part = updating.slice(i, i + UPDATE_STEP);
      await deps.tx(async (exec) => {
        const items: Array<{ customerId: number; action: 'updated'; before: Row }> = [];
        for (const p of part) {
          const cid = p.existing!.id;
          const w = withRelations(p);
          const current = p.current ?? {};
          const before: Row = {};
          const changes: Record<string, [unknown, unknown]> = {};
          for (const [f, v] of Object.entries(w)) {
            const old = current[f] ?? null;
            if (String(old ?? '') === String(v ?? '')) {
              delete w[f];
              continue;
            }
            before[f] = old;
            changes[f] = [old, v];
          }
          if (Object.keys(w).length) {
            await db.updateCustomer(exec, cid, w);
            await audit(exec, ctx, Customer, cid, 'update', changes);
          }
          items.push({ customerId: cid, action: 'updated', before });
        }
        await db.insertImportItems(exec, id, items);
        await db.heartbeat(exec, id);
      });
      done += part.length;
      await progress?.({ phase: 'write', done, total });
      await turn();
    }
    const counts = countsOf(plans);
    const invalid = plans.filter((p) => p.status === 'invalid').map((p) => ({ line: p.line, errors: p.errors }));
    await deps.tx((exec) => db.finishImport(exec, id, { counts, mapping: opts, invalid }));
    await progress?.({ phase: 'write', done: total, total });
    return { id, ...counts };
  } catch (err) {
    // taken back whole: what the steps wrote goes to the trash or back to its earlier values
    await deps.tx((exec) => takeBack(exec, ctx, id, IMPORT_MESSAGES.interrupted)).catch(() => undefined);
    throw err;
  }
}

/**
 * What an import wrote, taken back: its new customers to the trash, the customers it updated back to
 * their earlier values; the import is marked undone (by `by`). The caller holds the import's lock.
 */
async function takeBack(exec: Exec, ctx: Ctx, id: number, by: string) {
  const items = await db.importItems(exec, id);
  const trashed = await db.trashCustomers(
    exec,
    ctx,
    items.filter((i) => i.action === 'created').map((i) => i.customerId),
  );
  let restored = 0;
  for (const it of items.filter((i) => i.action === 'updated' && i.before)) {
    // only columns the import may write go back (the stored row is ours, still checked)
    const before = Object.fromEntries(Object.entries(it.before!).filter(([f]) => IMPORT_FIELDS.includes(f)));
    if (!Object.keys(before).length) continue;
    const [cur] = await db.customersByIds(exec, ctx, [it.customerId], Object.keys(before));
    if (!cur) continue;
    const changes: Record<string, [unknown, unknown]> = {};
    for (const [f, v] of Object.entries(before)) changes[f] = [cur.values[f] ?? null, v];
    await db.updateCustomer(exec, it.customerId, before);
    await audit(exec, ctx, Customer, it.customerId, 'update', changes);
    restored++;
  }
  await db.markUndone(exec, ctx, id, by);
  return { trashed: trashed.length, restored };
}

/**
 * Imports of the studio left 'importing' by a process that stopped (no step written for
 * `STALE_IMPORT_MINUTES`): taken back, so that no half import stays.
 */
export async function takeBackStale(tx: Tx, ctx: Ctx) {
  for (const id of await tx((exec) => db.staleImporting(exec, ctx, STALE_IMPORT_MINUTES)))
    await tx(async (exec) => {
      const imp = await db.importOf(exec, ctx, id, { forUpdate: true, withSource: false });
      if (imp?.status === 'importing') await takeBack(exec, ctx, id, IMPORT_MESSAGES.interrupted);
    });
}
/** Undoes an import: its new customers to the trash, the customers it updated back to their earlier values. */
export async function undoImport(tx: Tx, ctx: Ctx, id: number) {
  assertMayImport(ctx);
  return tx(async (exec) => {
    const imp = await db.importOf(exec, ctx, id, { forUpdate: true, withSource: false });
    if (!imp) throw notFound();
    if (imp.status === 'undone') throw new HttpError(409, IMPORT_MESSAGES.alreadyUndone);
    if (imp.status !== 'imported') throw new HttpError(409, IMPORT_MESSAGES.notImported);
    return { id, ...(await takeBack(exec, ctx, id, ctx.name)) };
  });
}

export async function listImports(deps: { exec: Exec; tx: Tx }, ctx: Ctx) {
  assertMayImport(ctx);
  await takeBackStale(deps.tx, ctx);
  return db.listImports(deps.exec, ctx);
}

/** Cells that a spreadsheet would run as a formula are written quoted (`'=…`); the import reads them back as typed. */
const safeCell = (s: string) => (/^[=@\t\r]/.test(s) || /^[+-][^\d\s]/.test(s) ? `'${s}` : s);

/**
 * The invalid rows of an import as a CSV to fix and import again: the file's own columns and an
 * 'Errori' column (ignored by the mapping), `;`, UTF-8 with BOM. For a staged import, with the
 * options of its last preview; for a done one, as it was imported.
 */
export async function invalidRowsCsv(exec: Exec, ctx: Ctx, id: number): Promise<{ csv: string; filename: string }> {
  assertMayImport(ctx);
  const imp = await db.importOf(exec, ctx, id);
  if (!imp || !imp.source) throw notFound();
  let invalid = imp.source.invalid;
  if (imp.status === 'staged') {
    const opts = imp.mapping ? checkOptions(imp.mapping, imp.source.headers) : null;
    if (!opts) throw new HttpError(409, IMPORT_MESSAGES.noMapping);
    invalid = (await planRows(exec, ctx, imp.source, opts))
      .filter((p) => p.status === 'invalid')
      .map((p) => ({ line: p.line, errors: p.errors }));
  }
  const label = (f: string) => Customer.fields[f]?.label ?? f;
  const records = (invalid ?? []).map((r) => [
    ...(imp.source!.rows[r.line - 2] ?? []).map(safeCell),
    Object.entries(r.errors)
      .sort(([x], [y]) => IMPORT_FIELDS.indexOf(x) - IMPORT_FIELDS.indexOf(y))
      .map(([f, m]) => `${label(f)}: ${m}`)
      .join('; '),
  ]);
  const csv = stringify([[...imp.source.headers, 'Errori'], ...records], {
    delimiter: ';',
    bom: true,
    record_delimiter: '\r\n',
  });
  return { csv, filename: `clienti_da_correggere_${id}.csv` };
}
