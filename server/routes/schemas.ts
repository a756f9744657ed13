/**
 * Route schemas (zod, through fastify-type-provider-zod): params, query, body and answers of
 * every route, the model ones derived from the declarations and the field-type registry. They
 * feed the OpenAPI document served at /api/docs. Bodies are checked for the kind of each value
 * here; limits and rules with their Italian messages stay with the model's validation, and a
 * wrong kind answers 422 with the same message (see `validationAnswer`).
 */
import { z } from 'zod';
import type { ModelDef } from '../../model/define.js';
import { fieldValidators } from '../../model/validate.js';
import { modelByName } from '../../model/registry.js';
import { SERVER_TYPES } from '../db/fieldTypes.js';
import { MSG } from '../errors.js';
import { ItemMetaData, ListMeta } from '../../model/api/records.js';

export const ErrorAnswer = z
  .object({
    message: z.string(),
    errors: z.record(z.string(), z.array(z.string())).optional(),
  })
  .describe('Errore: messaggio in italiano, errori per campo');

/** The error answers every authenticated route may give. */
export const ERRORS = {
  400: ErrorAnswer,
  401: ErrorAnswer,
  402: ErrorAnswer,
  403: ErrorAnswer,
  404: ErrorAnswer,
  409: ErrorAnswer,
  412: ErrorAnswer,
  422: ErrorAnswer,
  429: ErrorAnswer,
  500: ErrorAnswer,
  /** the database cannot be reached (restart, failover): 'Servizio temporaneamente non disponibile' */
  503: ErrorAnswer,
} as const;

const id = z.string().describe('id numerico');
export const IdParams = z.object({ id });
export const IdsParams = z.object({ ids: z.string().describe('un id o un elenco JSON di id: [1,2,3]') });
export const ModelParams = z.object({ model: z.string().describe('nome del modello, es. Customer') });

/** A row of a model as the API answers it (a collection may carry fewer columns). */
export function rowSchema(m: ModelDef) {
  const shape: Record<string, z.ZodType> = {
    id: z.number().int(),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
    deleted_at: z.string().nullable().optional(),
    trashed: z.boolean().optional(),
  };
  for (const [name, fd] of Object.entries(m.fields)) {
    if (fd.hidden) continue;
    shape[name] = SERVER_TYPES[fd.type].answer.nullable().optional();
  }
  return z.looseObject(shape).describe(m.label);
}

/** What a create or update of `m` may send: each writable field, of its kind. */
export function bodySchema(m: ModelDef) {
  const shape: Record<string, z.ZodType> = {
    updated_at: z
      .string()
      .nullish()
      .describe("versione letta (o l'header If-Match): senza risponde 428, su una versione superata 412"),
    restore: z.union([z.boolean(), z.number(), z.string()]).optional(),
    deleted_at: z.null().optional(),
  };
  for (const [name, fd] of Object.entries(m.fields)) {
    if (fd.readOnly) continue;
    shape[name] = SERVER_TYPES[fd.type].input.optional().describe(fd.label);
  }
  return z.looseObject(shape);
}

/** a query value: once, or repeated (sort_by=a&sort_by=b) */
const text = z.union([z.string(), z.array(z.string())]).optional();
/** Query of a list call (C14): the engine reads and checks each value. */
export const ListQuery = z.looseObject({
  search_text: text,
  with_trashed: text,
  sort_by: text,
  sort_desc: text,
  filters: text.describe('JSON: [{name, type, val, glue}]'),
  items_per_page: text,
  page: text,
  format: text.describe('json (predefinito), csv, pdf'),
  fields: text,
  only_ids: text,
});

/** A list answer of `m` (rows, or ids with only_ids; CSV and PDF are files). */
export const listAnswer = (m?: ModelDef) =>
  z.looseObject({
    data: z.array(m ? z.union([rowSchema(m), z.number()]) : z.unknown()),
    meta: ListMeta.optional(),
    item_meta_data: ItemMetaData.optional(),
  });

/**
 * The answer to a request that failed its schema: a body value of the wrong kind is a 422 on
 * that field with the field's own Italian message; anything else a 400.
 */
export function validationAnswer(
  context: string | undefined,
  issues: Array<{ instancePath?: string }>,
  modelName: string | undefined,
  body: unknown,
) {
  const m = modelName ? modelByName.get(modelName) : undefined;
  if (context === 'body' && m && body && typeof body === 'object') {
    const errors: Record<string, string[]> = {};
    for (const issue of issues) {
      const field = (issue.instancePath ?? '').split('/')[1] ?? '';
      const fd = m.fields[field];
      if (!fd) continue;
      const value = (body as Record<string, unknown>)[field];
      const message =
        fieldValidators(fd, 'update')
          .map((check) => check(value))
          .find(Boolean) ?? 'Valore non valido';
      errors[field] = [message];
    }
    if (Object.keys(errors).length) return { status: 422, body: { message: MSG.validation, errors } };
  }
  if (context === 'body') return { status: 400, body: { message: 'Corpo della richiesta non valido' } };
  const where = issues
    .map((i) => (i.instancePath ?? '').replace(/^\//, ''))
    .filter(Boolean)
    .join(', ');
  return { status: 400, body: { message: `Richiesta non valida${where ? `: ${where}` : ''}` } };
}
