import { describe, expect, it } from 'vitest';
import { MODELS, modelByName, getModel } from '../../model/registry';
import { defineModel, atLeast } from '../../model/define';
import { f } from '../../model/fields';
import { minimalDeclaration } from '../helpers/modelDeclaration';
import { validateRecord, fieldValidators, defaultOf, MONEY_MESSAGE } from '../../model/validate';
import { menuFor } from '../../model/menu';

const Customer = getModel('Customer');

describe('model registry', () => {
  it('every model has a unique name, table, resource and snake and known columns', () => {
    for (const key of ['name', 'table', 'resource', 'snake'] as const) {
      expect(new Set(MODELS.map((m) => m[key])).size).toBe(MODELS.length);
    }
    for (const m of MODELS) {
      for (const c of m.list.columns) expect(m.fields[c] ?? c === 'id').toBeTruthy();
      for (const [, fd] of Object.entries(m.fields)) {
        if (fd.type === 'relation' || fd.type === 'manyToMany') expect(modelByName.has(fd.ref!)).toBe(true);
      }
    }
  });

  it('referenced models come before the models that reference them', () => {
    const order = MODELS.map((m) => m.name);
    for (const m of MODELS) {
      for (const fd of Object.values(m.fields)) {
        if (fd.type === 'relation' && fd.ref !== m.name)
          expect(order.indexOf(fd.ref!)).toBeLessThan(order.indexOf(m.name));
      }
    }
  });

  it('attachments take at most 10 files unless the model says otherwise (seed B §9); Word templates one (seed B §5)', () => {
    const base = minimalDeclaration('Utente');
    const files = { label: 'File', route: 'x_files', ownerColumn: 'x_id', kinds: ['pdf' as const], maxBytes: 1024 };
    expect(defineModel({ ...base, attachments: files }).attachments!.maxFiles).toBe(10);
    expect(defineModel({ ...base, attachments: { ...files, maxFiles: 3 } }).attachments!.maxFiles).toBe(3);
    expect(modelByName.get('WordTemplate')!.attachments).toMatchObject({
      maxFiles: 1,
      kinds: ['doc', 'docx'],
      required: true,
    });
  });

  it('defineModel rejects list columns that are not fields', () => {
    expect(() =>
      defineModel({
        name: 'X',
        table: 'x',
        resource: 'x',
        snake: 'x',
        label: 'X',
        plural: 'X',
        fields: { a: f.text('A') },
        list: { columns: ['b'] },
        labelFields: ['a'],
        access: { read: 'Utente', write: 'Utente' },
      }),
    ).toThrow(/unknown column b/);
  });

  it('defineModel rejects a view whose collection, columns or fixed filters do not exist', () => {
    const base = {
      name: 'X',
      table: 'x',
      resource: 'x',
      snake: 'x',
      label: 'X',
      plural: 'X',
      fields: { a: f.text('A'), b: f.money('B') },
      list: { columns: ['a'] },
      labelFields: ['a'],
      access: { read: 'Utente' as const, write: 'Utente' as const },
      collections: { Small: { columns: ['a'] } },
    };
    const view = { title: 'V', fixedFilters: [{ name: 'b', type: 'gt' as const, val: [0] }] };
    expect(() => defineModel({ ...base, views: { V: { ...view, collection: 'Nope' } } })).toThrow(
      /unknown collection Nope/,
    );
    expect(() => defineModel({ ...base, views: { V: { ...view, columns: ['c'] } } })).toThrow(/unknown column c/);
    expect(() =>
      defineModel({ ...base, views: { V: { ...view, fixedFilters: [{ name: 'z', type: 'OR', val: [1] }] } } }),
    ).toThrow(/unknown column z/);
    expect(() => defineModel({ ...base, views: { V: { ...view, collection: 'Small', columns: ['a', 'b'] } } })).toThrow(
      /column b is not in collection Small/,
    );
    expect(
      defineModel({ ...base, views: { V: { ...view, collection: 'Small', columns: ['a'] } } }).views!.V!.title,
    ).toBe('V');
  });

  it('the payslip customers are a view of the customers list: rate above 0, their saved payslips on a row', async () => {
    const { viewByName } = await import('../../model/registry');
    const v = viewByName.get('CustomersForCedolini')!;
    expect(v.model.name).toBe('Customer');
    expect(v.view.fixedFilters).toEqual([{ name: 'cedolino_rate', type: 'gt', val: [0] }]);
    expect(v.view.rowPath).toBe('/cedolini_saved/:id');
  });

  it('customer declaration: seed A limits and defaults', () => {
    expect(Customer.fields.cod.max).toBe(16);
    expect(Customer.fields.sdi_code.max).toBe(7);
    expect(defaultOf(Customer.fields.sdi_code)).toBe('0000000');
    expect(defaultOf(Customer.fields.ceased)).toBe(0);
    expect(defaultOf(Customer.fields.acquisition_date)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Customer.fields.yearly_number_of_installments.choices!.map((c) => c.value)).toEqual([1, 2, 4, 3, 12]);
    expect(getModel('PaymentMethod').fields.cod.max).toBe(6);
  });
});

describe('validateRecord', () => {
  const valid = {
    business_name: 'Rossi S.r.l.',
    email: 'info@rossi.it',
    legal_representative_id: 1,
    yearly_accounting_amount: 1200,
    cedolino_rate: 0,
    acquisition_date: '2026-01-15',
  };

  it('a complete customer passes', () => {
    expect(validateRecord(Customer, valid, 'create')).toEqual({});
  });

  it('required fields of seed A §5 answer Campo Obbligatorio', () => {
    const errors = validateRecord(Customer, {}, 'create');
    for (const name of [
      'business_name',
      'email',
      'legal_representative_id',
      'yearly_accounting_amount',
      'acquisition_date',
    ]) {
      expect(errors[name]).toEqual(['Campo Obbligatorio']);
    }
  });

  it('on update only the fields sent are checked', () => {
    expect(validateRecord(Customer, { city: 'Roma' }, 'update')).toEqual({});
    expect(validateRecord(Customer, { email: 'x' }, 'update')).toEqual({ email: ['Email Non Valida'] });
  });

  it('VAT and fiscal code messages', () => {
    expect(validateRecord(Customer, { ...valid, vat_id: '123' }, 'create').vat_id).toEqual([
      'Lunghezza Partita Iva non valida',
    ]);
    expect(validateRecord(Customer, { ...valid, vat_id: '12345678901' }, 'create').vat_id).toEqual([
      'Partita Iva Non Valida',
    ]);
    expect(validateRecord(Customer, { ...valid, fiscal_code: 'RSSMRA85T10A562X' }, 'create').fiscal_code).toEqual([
      'Codice Fiscale Non Valido',
    ]);
    expect(
      validateRecord(Customer, { ...valid, fiscal_code: 'RSSMRA85T10A562S' }, 'create').fiscal_code,
    ).toBeUndefined();
  });

  it('text max length and payment method cod', () => {
    expect(validateRecord(getModel('PaymentMethod'), { cod: 'ABCDEFG' }, 'create').cod).toEqual([
      'Numero massimo di caratteri superato',
    ]);
    expect(validateRecord(Customer, { ...valid, business_name: 'x'.repeat(256) }, 'create').business_name).toEqual([
      'Numero massimo di caratteri superato',
    ]);
  });

  it('money: decimals and at most 8 significant digits', () => {
    expect(
      validateRecord(Customer, { ...valid, yearly_accounting_amount: 'abc' }, 'create').yearly_accounting_amount,
    ).toEqual(['Inserisci un Numero Decimale']);
    expect(
      validateRecord(Customer, { ...valid, yearly_accounting_amount: 99999999999 }, 'create').yearly_accounting_amount,
    ).toEqual([MONEY_MESSAGE]);
    expect(
      validateRecord(Customer, { ...valid, yearly_accounting_amount: '1234,56' }, 'create').yearly_accounting_amount,
    ).toBeUndefined();
  });

  it('integers must fit the 32-bit column', () => {
    const LR = getModel('LegalRepresentative');
    // 7.4 a CAP is five digits kept as typed: letters get the integer message, before any length check
    expect(validateRecord(LR, { name: 'Anna', postal_code: '99999999999' }, 'create').postal_code).toEqual([
      'Numero massimo di caratteri superato',
    ]);
    expect(validateRecord(LR, { name: 'Anna', postal_code: '12a' }, 'create').postal_code).toEqual([
      'Inserisci un Numero Intero',
    ]);
    expect(validateRecord(LR, { name: 'Anna', postal_code: 'Roma' }, 'create').postal_code).toEqual([
      'Inserisci un Numero Intero',
    ]);
    expect(validateRecord(LR, { name: 'Anna', postal_code: '184' }, 'create').postal_code).toEqual([
      'Digita almeno 5 caratteri',
    ]);
    expect(validateRecord(getModel('Customer'), { postal_code: '0018a' }, 'update').postal_code).toEqual([
      'Inserisci un Numero Intero',
    ]);
    expect(validateRecord(LR, { name: 'Anna', postal_code: '00184' }, 'create').postal_code).toBeUndefined();
  });

  it('choices outside the declared options are refused', () => {
    expect(
      validateRecord(Customer, { ...valid, yearly_number_of_installments: 5 }, 'create').yearly_number_of_installments,
    ).toEqual(['Valore non ammesso']);
  });

  it('password is required only on create and may stay blank on update', () => {
    const User = getModel('User');
    expect(validateRecord(User, { name: 'A', email: 'a@b.it', role_id: 1 }, 'create').password).toEqual([
      'Campo Obbligatorio',
    ]);
    expect(validateRecord(User, { password: '' }, 'update')).toEqual({});
    expect(fieldValidators(User.fields.password, 'update').length).toBeGreaterThan(0);
  });
});

describe('roles and menu', () => {
  it('role ranks: SuperAdmin ⊃ Admin ⊃ Collaboratore ⊃ Utente', () => {
    expect(atLeast('SuperAdmin', 'Admin')).toBe(true);
    expect(atLeast('Admin', 'SuperAdmin')).toBe(false);
    expect(atLeast('Collaboratore', 'Collaboratore')).toBe(true);
    expect(atLeast('Utente', 'Collaboratore')).toBe(false);
    expect(atLeast(undefined, 'Utente')).toBe(false);
  });

  it('menu is filtered by role and keeps no role markers', () => {
    const titles = (nodes: Array<{ title: string; children?: unknown[] }>): string[] =>
      nodes.flatMap((n) => [n.title, ...titles((n.children ?? []) as never)]);
    const collab = titles(menuFor('Collaboratore', atLeast));
    const superAdmin = titles(menuFor('SuperAdmin', atLeast));
    expect(collab).toContain('Clienti');
    expect(collab).not.toContain('Utenti');
    expect(collab).not.toContain('Ruoli');
    expect(superAdmin).toContain('Ruoli');
    expect(titles(menuFor('Utente', atLeast))).toEqual(['Il mio profilo']);
    expect(JSON.stringify(menuFor('Admin', atLeast))).not.toContain('"role"');
  });
});
