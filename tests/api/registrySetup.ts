/**
 * The app and the helpers of the registry-derived API tests (registry.test.ts: CRUD round trips
 * and field limits; registryBadInput.test.ts: wrong input to every endpoint), in two files so
 * that both workers share them.
 */
import { afterAll, beforeAll } from 'vitest';
import { MODELS, modelByName } from '../../model/registry.js';
import { atLeast, type ModelDef } from '../../model/define.js';
import type { FieldDef } from '../../model/fields.js';
import { FIELD_TYPES, sampleRecord } from '../../model/types.js';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, type Api, type Who } from '../helpers/api.js';
import { areaRows } from './areaRows.js';

let t: TestApp | undefined;
/** The app's API client and Studio Demo's id, set by the hooks of `useRegistryApp`. */
export let a: Api;
export let demoId: number;
/** Registers, in the calling test file, an app with every model's calls (the credit ledger's too). */
export function useRegistryApp() {
  beforeAll(async () => {
    t = await startTestApp({ env: { CREDIT_ENABLED: 'true' } });
    a = api(t);
    demoId = await a.studioId('Studio Demo');
    // the models only their areas write have no demo rows: one each (tests/api/areaRows.ts)
    await areaRows(a, [demoId]);
  });
  afterAll(async () => {
    await t?.close();
    t = undefined;
  });
}

/** The demo user who may create rows of `m`: the Admin of Studio Demo, or the SuperAdmin. */
export const writer = (m: ModelDef): Who =>
  m.scope === 'studio' && atLeast('Admin', m.access.write) ? 'admin' : 'superadmin';
/** Models whose rows a request creates through the generic endpoints (not those written by their own calls). */
export const CREATABLE = MODELS.filter((m) => m.scope !== 'tenant' && !(m.name === 'Permission') && !m.writtenBy);
/** Models written only by their own calls (`writtenBy`): each has a row in Studio Demo (the demo's, or areaRows'). */
export const OWN_WRITES = MODELS.filter((m) => m.writtenBy);
/** Models the generic calls only read (`readOnly`): no create, update nor delete. */
export const READ_ONLY = MODELS.filter((m) => m.readOnly);

/** Ids a relation field of the caller's studio may point to. */
export async function refIds(ref: string): Promise<number[]> {
  const rm = modelByName.get(ref)!;
  const where =
    rm.scope === 'studio' ? `WHERE "studio_id" = ${demoId}` : rm.scope === 'tenant' ? `WHERE "id" = ${demoId}` : '';
  const soft = rm.softDelete ? `${where ? ' AND' : 'WHERE'} "deleted_at" IS NULL` : '';
  if (ref === 'Role') {
    // a role the Admin may hand out: not above its own
    return (
      await a.sql<{ id: number }>(`SELECT "id" FROM "roles" WHERE "name" IN ('Collaboratore', 'Utente') ORDER BY "id"`)
    ).map((r) => Number(r.id));
  }
  return (await a.sql<{ id: number }>(`SELECT "id" FROM "${rm.table}" ${where}${soft} ORDER BY "id" LIMIT 5`)).map(
    (r) => Number(r.id),
  );
}

/** A valid sample body of `m`, unique fields made unique by `n`. */
export async function sample(m: ModelDef, n: number): Promise<Record<string, unknown>> {
  const ids = new Map<string, number[]>();
  for (const fd of Object.values(m.fields)) if (fd.ref && !ids.has(fd.ref)) ids.set(fd.ref, await refIds(fd.ref));
  const rec = sampleRecord(m, n, (ref) => ids.get(ref) ?? []);
  const role = writer(m) === 'admin' ? 'Admin' : 'SuperAdmin';
  for (const [name, fd] of Object.entries(m.fields)) {
    if (fd.writeRole && !atLeast(role, fd.writeRole)) delete rec[name];
    if (fd.rules?.includes('email') && (fd.unique || m.name === 'User'))
      rec[name] = `registro${n}.${Date.now()}@example.it`;
    if (fd.type === 'password') rec[name] = 'Registro-2026!';
  }
  // a customer's end of relationship goes with 'Cessato' (issue 48: the AML file's retention runs from it)
  if (m.name === 'Customer' && !Number(rec.ceased)) rec.ceased_on = null;
  // the credit ledger forces the amount's sign from the type (seed B §5): a sample says it already
  if (m.name === 'CreditTransactionLog' && rec.amount != null)
    rec.amount = `${rec.type === 'DEBIT' ? '-' : ''}${String(rec.amount).replace(/^[+-]/, '')}`;
  return rec;
}

/** The value as the API answers it, for comparison with what was sent. */
export function expected(fd: FieldDef, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return null;
  if (FIELD_TYPES[fd.type].decimal) return Number(value);
  if (fd.type === 'flag') return Number(value);
  return value;
}

export const post = (m: ModelDef, body: unknown) => a.post(writer(m), `/api/${m.resource}`, body);
export const put = (m: ModelDef, id: number, body: unknown) => a.put(writer(m), `/api/${m.resource}/${id}`, body);
export const get = (m: ModelDef, id: number) => a.get(writer(m), `/api/${m.resource}/${id}`);
export const fieldErrors = (res: { json(): unknown }) =>
  (res.json() as { errors?: Record<string, string[]> }).errors ?? {};
