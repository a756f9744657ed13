import type { ListView, ModelDef } from './define.js';
import { Studio } from './models/Studio.js';
import { Role } from './models/Role.js';
import { Permission } from './models/Permission.js';
import { User } from './models/User.js';
import { LegalStatus } from './models/LegalStatus.js';
import { PaymentMethod } from './models/PaymentMethod.js';
import { LegalRepresentative } from './models/LegalRepresentative.js';
import { Customer } from './models/Customer.js';
import { BankAccount } from './models/BankAccount.js';
import { StudioService } from './models/StudioService.js';
import { Task } from './models/Task.js';
import { EntitaEsempio } from './models/EntitaEsempio.js';
import { Transaction } from './models/Transaction.js';
import { Assignment } from './models/Assignment.js';
import { Payslip } from './models/Payslip.js';
import { WordTemplate } from './models/WordTemplate.js';
import { StudioJobType } from './models/StudioJobType.js';
import { StudioJob } from './models/StudioJob.js';
import { EDocument } from './models/EDocument.js';
import { CreditTransactionLog } from './models/CreditTransactionLog.js';
import { PaymentLog } from './models/PaymentLog.js';
import { SddMandate } from './models/SddMandate.js';
import { SddBatch } from './models/SddBatch.js';
import { RibaPresentation } from './models/RibaPresentation.js';
import { BankStatement } from './models/BankStatement.js';
import { BankStatementLine } from './models/BankStatementLine.js';
import { Reminder } from './models/Reminder.js';
import { SdiEvent } from './models/SdiEvent.js';
import { Engagement } from './models/Engagement.js';
import { TimeEntry } from './models/TimeEntry.js';
import { IstatIndex } from './models/IstatIndex.js';
import { HourlyCost } from './models/HourlyCost.js';
import { ServiceRate } from './models/ServiceRate.js';
import { DocumentChecklist } from './models/DocumentChecklist.js';

/** Every model of the product, in dependency order (referenced models first). */
export const MODELS: ModelDef[] = [
  Studio,
  Permission,
  Role,
  User,
  LegalStatus,
  PaymentMethod,
  LegalRepresentative,
  Customer,
  BankAccount,
  StudioService,
  Task,
  EntitaEsempio,
  Assignment,
  Payslip,
  Transaction,
  WordTemplate,
  StudioJobType,
  StudioJob,
  EDocument,
  CreditTransactionLog,
  PaymentLog,
  SddMandate,
  // issue 49: engagements, time, the fees' index, costs and rates
  Engagement,
  TimeEntry,
  IstatIndex,
  HourlyCost,
  ServiceRate,
  // issue 50: the customers' own area
  DocumentChecklist,
  // the money cycle's records, each over its area's table (`areaTable`), read-only to the generic calls
  SddBatch,
  RibaPresentation,
  BankStatement,
  BankStatementLine,
  Reminder,
  SdiEvent,
];

export const modelByName = new Map(MODELS.map((m) => [m.name, m]));
export const modelByResource = new Map(MODELS.map((m) => [m.resource, m]));
export const modelBySnake = new Map(MODELS.map((m) => [m.snake, m]));

/** The named list views of every model (`/table/{View}`), by name. */
export const viewByName = new Map<string, { model: ModelDef; name: string; view: ListView }>(
  MODELS.flatMap((m) => Object.entries(m.views ?? {}).map(([name, view]) => [name, { model: m, name, view }] as const)),
);
for (const name of viewByName.keys()) {
  if (modelByName.has(name)) throw new Error(`view ${name}: a model has the same name`);
}

export function getModel(name: string): ModelDef {
  const m = modelByName.get(name);
  if (!m) throw new Error(`Unknown model ${name}`);
  return m;
}
