/**
 * Models served over their area's table (`areaTable`, model/define.ts): the schema builder skips
 * them, the area registers its table for the model (checked against the fields), and the
 * migrations see each table once, as the area declares it.
 */
import { describe, expect, it } from 'vitest';
import { pgTable, serial, integer, varchar } from 'drizzle-orm/pg-core';
import { MODELS } from '../../model/registry';
import { defineModel } from '../../model/define';
import { minimalDeclaration } from '../helpers/modelDeclaration';
import { exportColumns } from '../../model/export';
import { allTables, registerModelTable, tableOf } from '../../server/db/tables';
import {
  bankStatementLines,
  bankStatements,
  ribaPresentations,
  sddBatches,
} from '../../server/areas/collections/tables';
import { reminders } from '../../server/areas/reminders/tables';
import { sdiEvents } from '../../server/areas/sdi/tables';
import '../../server/areas/jobs/tables';
import '../../server/areas/eDocuments/tables';
import '../../server/areas/accountLifecycle/tables';
import '../../server/areas/preferences/tables';
import '../../server/areas/customerImport/tables';
import '../../server/auth/tables';

const base = minimalDeclaration('Collaboratore');

describe("models over their area's table", () => {
  it('the money cycle is served over the tables its areas declare', () => {
    const byModel = {
      SddBatch: sddBatches,
      RibaPresentation: ribaPresentations,
      BankStatement: bankStatements,
      BankStatementLine: bankStatementLines,
    };
    for (const [name, table] of Object.entries({ ...byModel, Reminder: reminders, SdiEvent: sdiEvents }))
      expect(tableOf(name), name).toBe(table);
    expect(MODELS.filter((m) => m.areaTable).map((m) => m.name)).toEqual([
      'SddBatch',
      'RibaPresentation',
      'BankStatement',
      'BankStatementLine',
      'Reminder',
      'SdiEvent',
    ]);
  });

  it('the migrations see each area table once, as its area registers it', () => {
    const tables = Object.values(allTables());
    for (const t of [sddBatches, bankStatements, bankStatementLines, reminders, sdiEvents])
      expect(tables.filter((x) => x === t)).toHaveLength(1);
  });

  it('a read-only model or one over its area table has no trash; a read-only one names the calls that write it', () => {
    expect(() => defineModel({ ...base, readOnly: true, softDelete: false })).toThrow(/writtenBy/);
    expect(() => defineModel({ ...base, readOnly: true, writtenBy: 'x' })).toThrow(/softDelete/);
    expect(() => defineModel({ ...base, areaTable: { created: null, updated: null } })).toThrow(/softDelete/);
    expect(defineModel({ ...base, readOnly: true, writtenBy: 'x', softDelete: false }).readOnly).toBe(true);
  });

  it('registering a table checks the model, its table name and a column for every field and time', () => {
    const t = pgTable('sdd_batches', { id: serial('id').primaryKey(), studio_id: integer('studio_id') });
    expect(() => registerModelTable('Customer', t)).toThrow(/not a model served over its area's table/);
    expect(() => registerModelTable('SddBatch', pgTable('other', { id: serial('id') }))).toThrow(
      /its table is sdd_batches, not other/,
    );
    expect(() => registerModelTable('SddBatch', t)).toThrow(/sdd_batches has no column /);
    const withFields = pgTable('sdd_batches', {
      ...Object.fromEntries(Object.keys(MODELS.find((m) => m.name === 'SddBatch')!.fields).map((n) => [n, varchar(n)])),
      id: serial('id').primaryKey(),
      studio_id: integer('studio_id'),
    });
    // the time of creation is a column too
    expect(() => registerModelTable('SddBatch', withFields)).toThrow(/sdd_batches has no column created_at/);
    expect(tableOf('SddBatch')).toBe(sddBatches);
  });

  it("the CSV export offers the times the area's table has, and no other", () => {
    const names = (model: string) => exportColumns(MODELS.find((m) => m.name === model)!).map(([n]) => n);
    // a batch has its creation, no change; a bank line neither; a customer both
    expect(names('SddBatch').slice(-2)).toEqual(['cancelled_by_name', 'created_at']);
    expect(names('BankStatementLine')).not.toContain('created_at');
    expect(names('BankStatementLine')).not.toContain('updated_at');
    expect(names('Customer').slice(-2)).toEqual(['created_at', 'updated_at']);
  });
});
