/**
 * The customer's anti-money-laundering file (issue 48): its risk assessments (Regola Tecnica 2,
 * model/aml.ts), each recorded as made with who and when — a change of any factor is a new one,
 * none is overwritten (Regola Tecnica 3). Admin and Collaboratore assess; a level less strict than
 * the computed one only by the Admin with a written reason, and never below the law's minimum.
 */
import { atLeast } from '../../../model/define.js';
import { addDays, slashDate, today } from '../../../model/dates.js';
import {
  AmlValidationError,
  assessRisk,
  levelAllowed,
  nextCheckDate,
  retentionEnd,
  type CustomerFactorKey,
  type OperationFactorKey,
} from '../../../model/aml.js';
import {
  AML_FILE_KINDS,
  type AmlAssessment,
  type AmlAssessmentInput,
  type AmlFile,
  type AmlIdentification,
  type AmlIdentificationInput,
  type AmlNote,
  type AmlNoteInput,
  type CustomerAml,
} from '../../../model/api/aml.js';
import { checkIdentification, firstExpiry } from '../../../model/amlIdentification.js';
import { FILE_KINDS, megabytes } from '../../../model/fileKinds.js';
import type { FileKind } from '../../../model/define.js';
import { kindOf, kindsMessage } from '../../storage/kinds.js';
import type { Storage } from '../../storage/index.js';
import { createHash } from 'node:crypto';
import type { Ctx } from '../../auth/context.js';
import { HttpError, forbidden, notFound } from '../../errors.js';
import { pathId } from '../../records/ids.js';
import type { Exec } from '../../records/exec.js';
import {
  amlCustomer,
  amlFileRow,
  assessmentsOf,
  filesOf,
  filesUsage,
  identificationsOf,
  insertAmlFile,
  insertAssessment,
  insertIdentification,
  insertNote,
  notesOf,
} from './amlQueries.js';

export const AML_MESSAGES = {
  lowerAdminOnly:
    "Solo l'Admin dello studio può applicare un'adeguata verifica meno rigorosa di quella calcolata, scrivendone il motivo",
} as const;

/** Admin and Collaboratore keep the AML file; the Utente sees nothing of it. */
function allow(ctx: Ctx) {
  if (!atLeast(ctx.role, 'Collaboratore')) throw forbidden();
}

const invalid = (field: string, messages: string[]) => new HttpError(422, messages.join(' '), { [field]: messages });

/** Which field a message of the rules' validation is about (for the form). */
function fieldOf(message: string): string {
  if (/Tabella A/.test(message)) return 'customer';
  if (/Tabella B/.test(message)) return 'operation';
  return 'services';
}

export async function customerAml(exec: Exec, ctx: Ctx, raw: unknown, now = new Date()): Promise<CustomerAml> {
  allow(ctx);
  const id = pathId(raw);
  const customer = await amlCustomer(exec, ctx.studioId, id);
  if (!customer) throw notFound();
  const admin = atLeast(ctx.role, 'Admin');
  const [history, identifications, files, notes] = await Promise.all([
    assessmentsOf(exec, ctx.studioId, id),
    identificationsOf(exec, ctx.studioId, id),
    filesOf(exec, ctx.studioId, id),
    admin ? notesOf(exec, ctx.studioId, id) : Promise.resolve([]),
  ]);
  const current = history[0] ?? null;
  const identification = identifications[0] ?? null;
  const day = today(now);
  return {
    customer_id: id,
    current,
    history,
    overdue: !!current && current.next_check < day,
    identification,
    identifications,
    files,
    notes,
    notes_allowed: admin,
    ceased_on: customer.ceased_on,
    kept_until: customer.ceased_on ? retentionEnd(customer.ceased_on) : null,
    due: dueReasons(current, identification, day),
  };
}

/** What the file needs now, in Italian (the card's warning; the studio-wide list is checksQueries.ts). */
export function dueReasons(
  current: { next_check: string } | null,
  identification: { documents_expire_on: string | null } | null,
  day: string,
): string[] {
  const out: string[] = [];
  if (!identification) out.push('Manca l’identificazione del cliente (dati, documento, titolari effettivi)');
  if (!current) out.push('Manca la valutazione del rischio');
  else if (current.next_check < day) out.push(`Controllo costante scaduto il ${slashDate(current.next_check)}`);
  else if (current.next_check <= addDays(day, 30))
    out.push(`Controllo costante da fare entro il ${slashDate(current.next_check)}`);
  const exp = identification?.documents_expire_on;
  if (exp && exp < day) out.push(`Documento di identità scaduto il ${slashDate(exp)}: acquisirne uno valido`);
  else if (exp && exp <= addDays(day, 30)) out.push(`Documento di identità in scadenza il ${slashDate(exp)}`);
  return out;
}

/** An Italian field path of the rules' checks → the form's field (`documents.0.expires_on` stays as is). */
const identificationError = (errors: Record<string, string[]>) =>
  new HttpError(422, Object.values(errors).flat().join(' '), errors);

/**
 * Saves the identification as now known: a new version beside the earlier ones (RT3), checked by
 * the rules of model/amlIdentification.ts; a document's scan must be a file of this customer's file.
 */
export async function identifyCustomer(
  exec: Exec,
  ctx: Ctx,
  raw: unknown,
  body: AmlIdentificationInput,
  now = new Date(),
): Promise<AmlIdentification> {
  allow(ctx);
  const id = pathId(raw);
  if (!(await amlCustomer(exec, ctx.studioId, id))) throw notFound();
  const data = normalizeIdentification(body);
  const errors = checkIdentification(data, today(now));
  const known = new Set((await filesOf(exec, ctx.studioId, id)).map((f) => f.id));
  data.documents.forEach((d, i) => {
    if (d.file_id != null && !known.has(d.file_id))
      (errors[`documents.${i}.file_id`] ??= []).push(
        'La scansione indicata non è tra i file del fascicolo del cliente',
      );
  });
  if (Object.keys(errors).length) throw identificationError(errors);
  const newId = await insertIdentification(exec, ctx.studioId, {
    customer_id: id,
    data,
    identified_on: data.identified_on,
    documents_expire_on: firstExpiry(data.documents),
    created_by: ctx.userId,
    created_by_name: ctx.name,
  });
  return (await identificationsOf(exec, ctx.studioId, id)).find((x) => x.id === newId)!;
}

/** Tax codes in capitals, services once each, empty optional texts left out. */
function normalizeIdentification(body: AmlIdentificationInput): AmlIdentificationInput {
  const person = <T extends { tax_code?: string }>(p: T | undefined): T | undefined =>
    p ? { ...p, tax_code: p.tax_code?.trim().toUpperCase() || undefined } : undefined;
  return {
    ...body,
    customer_person: body.subject === 'persona_fisica' ? person(body.customer_person) : undefined,
    executor: person(body.executor),
    owners: body.owners.map((o) => person(o)!),
    documents: body.documents.map((d) => ({ ...d, number: d.number.trim().toUpperCase() })),
    pep_details: body.pep ? body.pep_details : undefined,
    services: [...new Set(body.services)],
  };
}

/** The AML file's uploads: a scan or a PDF, at most 10 MB each, 50 files and 100 MB per customer. */
export const AML_FILE_LIMITS = { maxBytes: 10 * 1024 * 1024, maxFiles: 50, maxTotal: 100 * 1024 * 1024 } as const;
const AML_KINDS: FileKind[] = ['pdf', 'jpeg', 'png'];

/** Stores one file in the customer's AML file (kept as uploaded, with its SHA-256). */
export async function uploadAmlFile(
  deps: { exec: Exec; storage: Storage },
  ctx: Ctx,
  raw: unknown,
  file: { name: string; bytes: Buffer },
  fields: { kind?: string; description?: string },
): Promise<AmlFile> {
  allow(ctx);
  const id = pathId(raw);
  const { exec, storage } = deps;
  if (!(await amlCustomer(exec, ctx.studioId, id))) throw notFound();
  const kind = AML_FILE_KINDS.find((k) => k.value === fields.kind)?.value;
  if (!kind) throw invalid('kind', ['Indica che cosa è il file: documento, dichiarazione, visura o altro']);
  const description = fields.description?.trim().slice(0, 500) || null;
  const detected = await kindOf(file.bytes, AML_KINDS);
  if (!detected) throw invalid('file', [`${file.name}: ${kindsMessage(AML_KINDS)}`]);
  const usage = await filesUsage(exec, ctx.studioId, id);
  if (usage.count >= AML_FILE_LIMITS.maxFiles)
    throw invalid('file', [`Il fascicolo ha già ${AML_FILE_LIMITS.maxFiles} file: non se ne possono aggiungere altri`]);
  if (usage.bytes + file.bytes.length > AML_FILE_LIMITS.maxTotal)
    throw new HttpError(413, `I file del fascicolo supererebbero ${megabytes(AML_FILE_LIMITS.maxTotal)}`);
  const key = await storage.put(file.bytes, 'aml');
  try {
    const newId = await insertAmlFile(exec, ctx.studioId, {
      customer_id: id,
      kind,
      description,
      original_filename: file.name,
      content_type: FILE_KINDS[detected].mime,
      size: file.bytes.length,
      sha256: createHash('sha256').update(file.bytes).digest('hex'),
      storage_path: key,
      created_by: ctx.userId,
      created_by_name: ctx.name,
    });
    return (await filesOf(exec, ctx.studioId, id)).find((f) => f.id === newId)!;
  } catch (e) {
    await storage.remove(key).catch(() => undefined);
    throw e;
  }
}

/** One file of the customer's AML file, to download. */
export async function amlFileDownload(
  deps: { exec: Exec; storage: Storage },
  ctx: Ctx,
  raw: unknown,
  rawFile: unknown,
): Promise<{ name: string; type: string; body: Buffer }> {
  allow(ctx);
  const id = pathId(raw);
  const row = await amlFileRow(deps.exec, ctx.studioId, id, pathId(rawFile));
  if (!row) throw notFound();
  return { name: row.original_filename, type: row.content_type, body: await deps.storage.get(row.storage_path) };
}

/** The Admin's note on the file: the abstention or report assessment (only the Admin writes and reads them). */
export async function addAmlNote(exec: Exec, ctx: Ctx, raw: unknown, body: AmlNoteInput): Promise<AmlNote> {
  if (!atLeast(ctx.role, 'Admin')) throw forbidden();
  const id = pathId(raw);
  if (!(await amlCustomer(exec, ctx.studioId, id))) throw notFound();
  if (body.kind !== 'nota' && !body.outcome)
    throw invalid('outcome', ['Indica l’esito della valutazione (anche “In valutazione”)']);
  const newId = await insertNote(exec, ctx.studioId, {
    customer_id: id,
    kind: body.kind,
    outcome: body.kind === 'nota' ? null : (body.outcome ?? null),
    body: body.body,
    created_by: ctx.userId,
    created_by_name: ctx.name,
  });
  return (await notesOf(exec, ctx.studioId, id)).find((n) => n.id === newId)!;
}

export async function assessCustomer(
  exec: Exec,
  ctx: Ctx,
  raw: unknown,
  body: AmlAssessmentInput,
  now = new Date(),
): Promise<AmlAssessment> {
  allow(ctx);
  const id = pathId(raw);
  if (!(await amlCustomer(exec, ctx.studioId, id))) throw notFound();
  let risk;
  try {
    risk = assessRisk({
      services: body.services,
      customer: body.customer as Partial<Record<CustomerFactorKey, number>>,
      operation: body.operation as Partial<Record<OperationFactorKey, number>> | undefined,
      flags: body.flags,
    });
  } catch (e) {
    if (!(e instanceof AmlValidationError)) throw e;
    const byField: Record<string, string[]> = {};
    for (const m of e.messages) (byField[fieldOf(m)] ??= []).push(m);
    throw new HttpError(422, e.messages.join(' '), byField);
  }
  const chosen = body.level ?? risk.level;
  const reason = body.level_reason?.trim() || null;
  const check = levelAllowed(chosen, risk.level, { reason: reason ?? undefined, minimum: risk.minimumLevel });
  if (!check.allowed) throw invalid(check.needsReason ? 'level_reason' : 'level', [check.message]);
  const lower = check.needsReason;
  if (lower && !atLeast(ctx.role, 'Admin')) throw invalid('level', [AML_MESSAGES.lowerAdminOnly]);
  const day = today(now);
  const newId = await insertAssessment(exec, ctx.studioId, {
    customer_id: id,
    services: [...new Set(body.services)],
    customer_scores: body.customer,
    operation_scores: risk.tableBUsed ? (body.operation ?? null) : null,
    flags: Object.fromEntries(Object.entries(body.flags ?? {}).filter(([, v]) => v !== undefined)) as Record<
      string,
      boolean
    >,
    inherent: risk.inherent,
    specific: risk.specific,
    effective: risk.effective,
    computed_level: risk.level,
    level: chosen,
    level_reason: lower ? reason : null,
    reasons: lower ? [...risk.reasons, check.message] : risk.reasons,
    next_check: nextCheckDate(chosen, day),
    purpose: body.purpose?.trim() || null,
    pep: !!body.flags?.pep,
    created_by: ctx.userId,
    created_by_name: ctx.name,
  });
  return (await assessmentsOf(exec, ctx.studioId, id)).find((a) => a.id === newId)!;
}
