/**
 * The customer import's calls (issue 16, additive to the seeds): upload and stage a file, preview
 * and import it (answered as NDJSON: progress lines while the server works, then the result),
 * the invalid rows as a CSV, the studio's imports and the undo of one. Admin and above.
 */
import { PassThrough } from 'node:stream';
import { turn } from '../../turns.js';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Api, AppDeps } from '../../deps.js';
import type { Ctx } from '../../auth/context.js';
import { HttpError, MSG } from '../../errors.js';
import { pathId } from '../../records/ids.js';
import { ERRORS, IdParams } from '../../routes/schemas.js';
import { sendDownload } from '../../routes/download.js';
import { oneUpload } from '../../routes/upload.js';
import { IMPORT_MAX_BYTES, IMPORT_MESSAGES } from '../../../model/customerImport.js';
import { ImportListRow, ImportOptionsInput, ImportStaged, ImportUndone } from '../../../model/api/customerImport.js';
import {
  assertMayImport,
  checkOptions,
  invalidRowsCsv,
  listImports,
  previewImport,
  runImport,
  stageImport,
  stagedHeaders,
  undoImport,
  type ImportOptions,
  type Progress,
} from './service.js';

const NDJSON = z
  .string()
  .describe(
    'application/x-ndjson: righe {"progress":{"phase","done","total"}}, poi {"data":…} oppure {"error":{"status","message","errors"}}',
  );

/** Rows of a preview written between two turns of the event loop. */
const ROWS_SLICE = 500;

/**
 * The result line `{"data": …}`; a result with many `rows` (the preview of a large file) is written a
 * slice at a time, the event loop answering others between two (one JSON.stringify of 20,000 rows held
 * it for a quarter of a second). The line is the same.
 */
async function writeData(out: PassThrough, data: unknown) {
  const rows = (data as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows) || rows.length <= ROWS_SLICE) {
    out.write(`${JSON.stringify({ data })}\n`);
    return;
  }
  const { rows: _rows, ...rest } = data as { rows: unknown[] };
  const head = JSON.stringify(rest);
  out.write(`{"data":${head.slice(0, -1)}${head === '{}' ? '' : ','}"rows":[`);
  for (let i = 0; i < rows.length; i += ROWS_SLICE) {
    out.write(
      `${i ? ',' : ''}${rows
        .slice(i, i + ROWS_SLICE)
        .map((r) => JSON.stringify(r))
        .join(',')}`,
    );
    await turn();
  }
  out.write(']}}\n');
}

/**
 * Runs `work` answering NDJSON: a progress line now and then, the result or the error last. The
 * answer starts at once (200), so the page shows the progress of a long import.
 */
function streamed<T>(reply: FastifyReply, work: (progress: Progress) => Promise<T>, log: (e: unknown) => void) {
  const out = new PassThrough();
  const line = (v: unknown) => out.write(`${JSON.stringify(v)}\n`);
  reply.header('Cache-Control', 'no-store').type('application/x-ndjson; charset=utf-8');
  void (async () => {
    try {
      const data = await work((p) => {
        line({ progress: p });
      });
      await writeData(out, data);
    } catch (e) {
      const err = e instanceof HttpError ? e : null;
      if (!err) log(e);
      line({
        error: { status: err?.status ?? 500, message: err?.message ?? MSG.internal, errors: err?.errors ?? undefined },
      });
    } finally {
      out.end();
    }
  })();
  return reply.send(out);
}

export async function customerImportRoutes(api: Api, deps: AppDeps) {
  const tags = ['Importazione clienti'];

  api.post(
    '/customer_imports',
    {
      schema: {
        tags,
        summary: `Carica un file di clienti da importare (multipart: file; .csv con ; o , in UTF-8 o Windows-1252, oppure .xlsx; al più ${IMPORT_MAX_BYTES / 1024 / 1024} MB)`,
        consumes: ['multipart/form-data'],
        response: {
          201: z.object({ data: ImportStaged }),
          ...ERRORS,
        },
      },
    },
    async (req, reply) => {
      assertMayImport(req.ctx);
      const { file } = await oneUpload(req, {
        maxBytes: IMPORT_MAX_BYTES,
        tooLarge: IMPORT_MESSAGES.tooLarge,
        noFile: IMPORT_MESSAGES.noFile,
        defaultName: 'file',
        fields: 5,
        fieldSize: 1024,
      });
      return reply.code(201).send({ data: await stageImport(deps.exec, req.ctx, file.name, file.bytes) });
    },
  );

  /** A run over a staged file with the options chosen (checked against its columns), answered as NDJSON. */
  const stagedRun = (
    path: string,
    summary: string,
    work: (ctx: Ctx, id: number, opts: ImportOptions, progress: Progress) => Promise<unknown>,
  ) =>
    api.post(
      path,
      { schema: { tags, summary, params: IdParams, body: ImportOptionsInput, response: { 200: NDJSON, ...ERRORS } } },
      async (req, reply) => {
        const id = pathId(req.params.id);
        const opts = checkOptions(req.body, await stagedHeaders(deps.exec, req.ctx, id));
        return streamed(
          reply,
          (progress) => work(req.ctx, id, opts, progress),
          (e) => req.log.error(e),
        );
      },
    );

  stagedRun(
    '/customer_imports/:id/preview',
    "Anteprima di ogni riga del file: cosa farà l'importazione (new, update, skip, invalid) e gli errori per cella; le scelte sono ricordate",
    (ctx, id, opts, progress) => previewImport(deps.exec, ctx, id, opts, progress),
  );
  stagedRun(
    '/customer_imports/:id/import',
    'Importa le righe valide in una sola transazione; risponde i conteggi (creati, aggiornati, saltati, non validi)',
    (ctx, id, opts, progress) => runImport(deps, ctx, id, opts, progress),
  );

  api.get(
    '/customer_imports',
    {
      schema: {
        tags,
        summary: 'Le importazioni di clienti dello studio: chi, quando, quale file, i conteggi, se annullata',
        response: {
          200: z.object({ data: z.array(ImportListRow) }),
          ...ERRORS,
        },
      },
    },
    async (req) => ({ data: await listImports(deps, req.ctx) }),
  );

  api.get(
    '/customer_imports/:id/invalid_rows',
    {
      schema: {
        tags,
        summary: 'Le righe non valide come CSV da correggere e reimportare (colonna Errori; ; e UTF-8 con BOM)',
        params: IdParams,
        response: { 200: z.string().describe('text/csv'), ...ERRORS },
      },
    },
    async (req, reply) => {
      const { csv, filename } = await invalidRowsCsv(deps.exec, req.ctx, pathId(req.params.id));
      return sendDownload(reply, { name: filename, type: 'text/csv; charset=utf-8', body: csv });
    },
  );

  api.post(
    '/customer_imports/:id/undo',
    {
      schema: {
        tags,
        summary:
          "Annulla un'importazione: i clienti creati vanno nel cestino insieme, quelli aggiornati tornano ai valori di prima",
        params: IdParams,
        response: {
          200: z.object({ data: ImportUndone }),
          ...ERRORS,
        },
      },
    },
    async (req) => ({ data: await undoImport(deps.tx, req.ctx, pathId(req.params.id)) }),
  );
}
