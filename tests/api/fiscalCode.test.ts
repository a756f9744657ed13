/**
 * The server checks a person's codice fiscale in full (codice-fiscale-js): a right check
 * character is not enough — the birthplace must exist and the birth day be real; omocodic codes
 * are accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/testApp.js';
import { api, customerBody, type Api } from '../helpers/api.js';
import { fiscalCodeCheckChar } from '../../model/validators.js';

let t: TestApp;
let a: Api;
let rep: number;
beforeAll(async () => {
  t = await startTestApp();
  a = api(t);
  rep = (await a.firstRow('legal_representatives', await a.studioId('Studio Demo'))).id;
});
afterAll(async () => {
  await t?.close();
});

/** The first 15 characters with their right check character. */
const code = (first15: string) => first15 + fiscalCodeCheckChar(first15);
const create = (fiscal_code: string) => a.post('admin', '/api/customers', customerBody(rep, { fiscal_code }));

describe('codice fiscale on the server', () => {
  it('C10 customers: a real code and its omocodic form are accepted', async () => {
    for (const cf of [code('RSSMRA80A01H501'), code('RSSMRA80A01H50M'), code('VRDLGU85T52F205')]) {
      const res = await create(cf);
      expect(res.statusCode, `${cf}: ${res.body}`).toBe(201);
    }
  });

  it("C10 C11 customers: a right check character with no such birthplace or day is 'Codice Fiscale Non Valido'", async () => {
    for (const cf of [
      code('RSSMRA80A01Z999'),
      code('RSSMRA80A32H501'),
      code('RSSMRA80B30H501'),
      code('RSSMRA80A00H501'),
    ]) {
      const res = await create(cf);
      expect(res.statusCode, cf).toBe(422);
      expect(res.json().errors.fiscal_code, cf).toEqual(['Codice Fiscale Non Valido']);
    }
    const id = (await a.firstRow('customers', await a.studioId('Studio Demo'))).id;
    const upd = await a.put('admin', `/api/customers/${id}`, { fiscal_code: code('RSSMRA80A01Z999') });
    expect(upd.statusCode).toBe(422);
  });
});
