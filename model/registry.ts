import type { ModelDef } from './define.js';
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

/** Every model of the product, in dependency order (referenced models first). */
export const MODELS: ModelDef[] = [
  Studio, Permission, Role, User, LegalStatus, PaymentMethod, LegalRepresentative, Customer,
  BankAccount, StudioService, Task, EntitaEsempio, Assignment, Payslip, Transaction,
];

export const modelByName = new Map(MODELS.map((m) => [m.name, m]));
export const modelByResource = new Map(MODELS.map((m) => [m.resource, m]));
export const modelBySnake = new Map(MODELS.map((m) => [m.snake, m]));

export function getModel(name: string): ModelDef {
  const m = modelByName.get(name);
  if (!m) throw new Error(`Unknown model ${name}`);
  return m;
}
