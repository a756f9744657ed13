/** react-admin validators from the shared model declarations (same code as the server). */
import type { Validator as RaValidator } from 'react-admin';
import type { FieldDef } from '../../model/fields';
import type { ModelDef } from '../../model/define';
import { fieldValidators, validateRecord, type Mode } from '../../model/validate';

export function raValidators(fd: FieldDef, mode: Mode): RaValidator[] {
  const list: RaValidator[] = fieldValidators(fd, mode).map(
    (check) => (value: unknown) => check(value === null ? '' : value),
  );
  // react-admin shows the asterisk when a validator is marked as the required one
  const required = fd.required || (fd.requiredOnCreate && mode === 'create');
  if (required && list[0]) (list[0] as RaValidator & { isRequired?: boolean }).isRequired = true;
  return list;
}

/** Record-level validation (used by tests and as a safety net on submit). */
export const validateForm = (model: ModelDef, mode: Mode) => (values: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(validateRecord(model, values, mode)).map(([k, v]) => [k, v[0]]));
