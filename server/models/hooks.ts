/**
 * Behaviour slots of a model, server only (Frappe's controller beside its DocType): the generic
 * records engine calls them and never names a model. A model with behaviour gets a file
 * `server/models/<Name>.ts` exporting its hooks, listed in `server/models/index.ts`.
 */
import type { SQL } from 'drizzle-orm';
import type { FileKind, ModelDef } from '../../model/define.js';
import type { FieldErrors } from '../../model/validate.js';
import type { Ctx } from '../auth/context.js';
import type { Exec, Row } from '../records/exec.js';

export interface ChangeArgs {
  exec: Exec;
  ctx: Ctx;
  model: ModelDef;
  mode: 'create' | 'update';
  /** the validated column values about to be written (a hook may adjust them) */
  values: Row;
  /** field errors so far (a hook may add its own; the engine answers 422 when any) */
  errors: FieldErrors;
  /** the record before the change (update only) */
  existing?: Row;
}

export interface ModelHooks {
  /** the raw input, before validation: normalise or refuse it */
  beforeValidate?(args: { ctx: Ctx; model: ModelDef; mode: 'create' | 'update'; input: Row }): Row | void;
  /** after validation and relation checks, before the write, in the write's transaction */
  beforeChange?(args: ChangeArgs): Promise<void> | void;
  /** after the write, in the same transaction (a throw rolls it back) */
  afterChange?(args: {
    exec: Exec;
    ctx: Ctx;
    model: ModelDef;
    mode: 'create' | 'update';
    id: number;
    row: Row;
    before?: Row;
  }): Promise<void> | void;
  /** before rows are trashed or deleted forever, in the same transaction */
  beforeDelete?(args: {
    exec: Exec;
    ctx: Ctx;
    model: ModelDef;
    ids: number[];
    trash: number[];
    forever: number[];
  }): Promise<void> | void;
  /** adds computed values to one record answered by GET /api/{resource}/{id} (e.g. a customer's balance) */
  afterRead?(args: { exec: Exec; ctx: Ctx; model: ModelDef; row: Row }): Promise<void> | void;
  /**
   * an uploaded file of the record (model `attachments`), after its kind was recognised by its
   * content: throw an HttpError (422) to refuse it (e.g. a Word template that cannot be filled)
   */
  checkAttachment?(args: { model: ModelDef; kind: FileKind; bytes: Buffer; filename: string }): Promise<void> | void;
  /** an extra condition on the rows the caller may see (alias `t`), besides the studio scope */
  rowScope?(ctx: Ctx, alias: string): SQL | null;
}
