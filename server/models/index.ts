/** The behaviour slots of each model that has any (see hooks.ts); the others are plain records. */
import type { ModelDef } from '../../model/define.js';
import type { ModelHooks } from './hooks.js';
import { UserHooks } from './User.js';
import { CustomerHooks } from './Customer.js';

const HOOKS: Record<string, ModelHooks> = {
  User: UserHooks,
  Customer: CustomerHooks,
};

const NONE: ModelHooks = {};
export const hooksOf = (model: ModelDef): ModelHooks => HOOKS[model.name] ?? NONE;
export type { ModelHooks } from './hooks.js';
