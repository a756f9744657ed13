/**
 * The scores of the rules' factor tables (model/aml.ts) as the API tests write them: Tabella A
 * (the customer: legal form, activity, behaviour, area) and Tabella B (the operation, every
 * factor the same score).
 */
export const A = (n: number, at: number, c: number, g: number) => ({
  naturaGiuridica: n,
  attivitaPrevalente: at,
  comportamento: c,
  areaGeografica: g,
});
export const B = (v: number) => ({
  tipologia: v,
  modalita: v,
  ammontare: v,
  frequenzaVolume: v,
  ragionevolezza: v,
  areaDestinazione: v,
});
