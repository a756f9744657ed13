/**
 * The records engine's routes, generated from the registry: lists (C14–C16, C18), CRUD
 * (C09–C11, C13), delete with force_delete=auto (C17, C19), exports and record history.
 * No model has a hand-written route here.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api, AppDeps } from '../deps.js';
import { MODELS, modelByName } from '../../model/registry.js';
import type { ModelDef } from '../../model/define.js';
import { listRecords } from './list.js';
import {
  createRecord,
  createRecords,
  deleteRecords,
  getRecord,
  parseDeleteVersions,
  parseIds,
  updateRecord,
  updateRecords,
} from './crud.js';
import { hooksOf } from '../models/index.js';
import { csvExport, pdfExport } from './export.js';
import { history } from './audit.js';
import { HttpError, notFound } from '../errors.js';
import { z } from 'zod';
import { attachment } from '../routes/download.js';
import {
  ERRORS,
  IdParams,
  IdsParams,
  ListQuery,
  ModelParams,
  bodySchema,
  listAnswer,
  rowSchema,
} from '../routes/schemas.js';

type Q = Record<string, unknown>;

/** A record body must be a JSON object. */
const body = (b: unknown): Q => {
  if (b === undefined || b === null) return {};
  if (typeof b !== 'object' || Array.isArray(b)) throw new HttpError(400, 'Corpo della richiesta non valido');
  return b as Q;
};

export async function recordRoutes(api: Api, deps: AppDeps) {
  const { exec, tx } = deps;

  const model = (name: string): ModelDef => {
    const m = modelByName.get(name);
    if (!m) throw notFound();
    return m;
  };

  async function list(m: ModelDef, collection: string, q: Q, reply: FastifyReply, ctx = reply.request.ctx) {
    if (q.format === 'csv') {
      const { filename, stream } = await csvExport(exec, ctx, m, q);
      reply.header('Content-Disposition', attachment(filename)).type('text/csv; charset=utf-8');
      return reply.send(stream);
    }
    if (q.format === 'pdf') {
      const pdf = await pdfExport(exec, ctx, m, collection, q);
      reply.header('Content-Disposition', attachment('Riepilogo Prenotazioni.pdf')).type('application/pdf');
      return reply.send(pdf);
    }
    if (q.format !== undefined && q.format !== '' && q.format !== 'json')
      throw new HttpError(400, `Formato non valido: ${String(q.format)}`);
    return listRecords(exec, ctx, m, collection, q);
  }

  const tags = ['Elenchi'];
  api.get(
    '/list/:model/:collection',
    {
      schema: {
        tags,
        summary: 'C14 C15 C16 Elenco di un modello (json, csv, pdf)',
        params: ModelParams.extend({ collection: z.string() }),
        querystring: ListQuery,
        response: { 200: listAnswer(), ...ERRORS },
      },
    },
    async (req, reply) => {
      const { model: name, collection } = req.params;
      return list(model(name), collection, req.query, reply);
    },
  );

  // the simple list of /lista/{id}
  api.get(
    '/list/:name',
    {
      schema: {
        tags,
        summary: 'C18 Elenco semplice',
        params: z.object({ name: z.string() }),
        querystring: ListQuery,
        response: { 200: listAnswer(), ...ERRORS },
      },
    },
    async (req, reply) => {
      const m = model(req.params.name);
      return list(m, `${m.name}ResourceListCollection`, req.query, reply);
    },
  );

  api.get(
    '/audit_log/:model/:id',
    {
      schema: {
        tags: ['Storico'],
        summary: 'Storico delle modifiche di un elemento',
        params: ModelParams.extend({ id: z.string() }),
        response: {
          200: z.object({ data: z.array(z.looseObject({ id: z.number(), action: z.string() })) }),
          ...ERRORS,
        },
      },
    },
    async (req) => {
      const { model: name, id } = req.params;
      const m = model(name);
      const row = await getRecord(exec, req.ctx, m, id);
      return { data: await history(exec, m, Number(row.id)) };
    },
  );

  /** after a write on users, roles, permissions or studios, cached session checks are dropped */
  const written = async (m: ModelDef) => {
    if (m.affectsSessions) await deps.sessions.changed();
  };

  for (const m of MODELS) {
    // the resource's path and the former ones it still answers on (model `resourceAliases`)
    for (const resource of [m.resource, ...(m.resourceAliases ?? [])]) modelRoutes(m, resource);
  }

  function modelRoutes(m: ModelDef, resource: string) {
    const paths = [...new Set([resource, m.snake])];
    // select lists: GET on the resource answers every active row (the model's `indexCollection`, else its list columns)
    const row = rowSchema(m);
    const input = bodySchema(m).nullish();
    const mtags = [m.plural];
    api.get(
      `/${resource}`,
      {
        schema: {
          tags: mtags,
          summary: `Tutti gli elementi attivi (${m.plural})`,
          querystring: ListQuery,
          response: { 200: listAnswer(m), ...ERRORS },
        },
      },
      async (req, reply) =>
        list(m, m.indexCollection ?? `${m.name}ResourceListCollection`, { items_per_page: '-1', ...req.query }, reply),
    );
    for (const p of paths) {
      // the snake path is registered once, with the resource itself
      if (p === m.snake && resource !== m.resource) continue;
      api.get(
        `/${p}/:id`,
        {
          schema: {
            tags: mtags,
            summary: `C09 Un elemento (${m.label})`,
            params: IdParams,
            response: { 200: z.object({ data: row }), ...ERRORS },
          },
        },
        async (req, reply) => {
          const data = await getRecord(exec, req.ctx, m, req.params.id);
          await hooksOf(m).afterRead?.({ exec, ctx: req.ctx, model: m, row: data });
          // the version to send back with a change (If-Match), as `updated_at` is in the body (an
          // area's table without one has no version: its rows are not changed here)
          if (data.updated_at != null) reply.header('ETag', `"${String(data.updated_at)}"`);
          return { data };
        },
      );
      api.delete(
        `/${p}/:ids`,
        {
          schema: {
            tags: mtags,
            summary: `C17 C19 Cestina o elimina (${m.plural})`,
            params: IdsParams,
            querystring: z.looseObject({
              force_delete: z
                .string()
                .optional()
                .describe('auto (predefinito): cestina gli attivi, elimina i cestinati; 1: elimina'),
              versions: z
                .string()
                .optional()
                .describe(
                  'JSON {id: updated_at} degli elementi come li si è visti: un elemento visto nel cestino con la sua versione è eliminato subito; senza, solo se cestinato da più di 60 secondi (un doppio clic o un nuovo tentativo non elimina mai)',
                ),
            }),
            response: {
              200: z.object({
                data: z.object({
                  trashed: z.number(),
                  deleted: z.number(),
                  kept: z.number().optional().describe('cestinati da meno di un minuto: restano nel cestino'),
                }),
              }),
              ...ERRORS,
            },
          },
        },
        async (req) => {
          const q = req.query;
          const mode =
            q.force_delete === 'auto' || q.force_delete === undefined
              ? 'auto'
              : ['1', 'true'].includes(String(q.force_delete))
                ? 'force'
                : 'soft';
          // a row is deleted forever only when the caller saw it in the trash (a double click, a retry never)
          const ids = parseIds(req.params.ids);
          const data = await deleteRecords(tx, req.ctx, m, ids, mode, parseDeleteVersions(q.versions));
          await written(m);
          return { data };
        },
      );
    }
    api.post(
      `/${resource}`,
      {
        config: { model: m.name },
        schema: {
          tags: mtags,
          summary: `C10 Nuovo elemento (${m.label})${m.multiple ? `; con ${m.multiple.list}: uno per ciascuno` : ''}`,
          body: m.multiple
            ? input.and(z.looseObject({ [m.multiple.list]: z.array(z.union([z.number(), z.string()])).optional() }))
            : input,
          response: { 201: z.object({ data: row, ids: z.array(z.number()).optional() }), ...ERRORS },
        },
      },
      async (req, reply) => {
        const b = body(req.body);
        // multiple mode: one row per value of the list (e.g. a transaction for each selected customer)
        if (m.multiple && b[m.multiple.list] !== undefined && b[m.multiple.list] !== null) {
          const rows = await createRecords(tx, req.ctx, m, b, m.multiple);
          await written(m);
          return reply.status(201).send({ data: rows[0], ids: rows.map((r) => Number(r.id)) });
        }
        const row = await createRecord(tx, req.ctx, m, b);
        await written(m);
        return reply.status(201).send({ data: row });
      },
    );
    // the same change to many rows (react-admin's updateMany): one request, one set-based statement
    api.put(
      `/${resource}`,
      {
        schema: {
          tags: mtags,
          summary: `Stessa modifica a più elementi (${m.plural})`,
          body: z.object({
            ids: z.array(z.union([z.number(), z.string()])),
            data: z.record(z.string(), z.unknown()),
            versions: z
              .record(z.string(), z.string())
              .optional()
              .describe('la versione (updated_at) di ogni elemento come è stato letto: {id: updated_at}'),
          }),
          response: { 200: z.object({ data: z.object({ updated: z.number() }) }), ...ERRORS },
        },
      },
      async (req) => {
        const b = body(req.body);
        if (!Array.isArray(b.ids) || !b.data || typeof b.data !== 'object' || Array.isArray(b.data)) {
          throw new HttpError(400, 'Corpo non valido: atteso {ids: [...], data: {...}}');
        }
        const data = await updateRecords(
          tx,
          req.ctx,
          m,
          parseIds(JSON.stringify(b.ids)),
          b.data as Record<string, unknown>,
          b.versions,
        );
        await written(m);
        return { data };
      },
    );
    // a user's own profile stays editable when the subscription has expired
    const ownRow = m.selfAccess
      ? (req: FastifyRequest) => {
          const params = IdParams.safeParse(req.params);
          return params.success && Number(params.data.id) === req.ctx.userId;
        }
      : undefined;
    api.put(
      `/${resource}/:id`,
      {
        config: { subscriptionExempt: ownRow, model: m.name },
        schema: {
          tags: mtags,
          summary: `C11 Modifica o ripristino (${m.label})`,
          params: IdParams,
          body: input,
          response: { 200: z.object({ data: row }), ...ERRORS },
        },
      },
      async (req) => {
        const data = await updateRecord(tx, req.ctx, m, req.params.id, body(req.body), {
          ifMatch: req.headers['if-match'],
        });
        await written(m);
        return { data };
      },
    );
  }
}
