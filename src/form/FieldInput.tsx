/** The input of one declared field: the common parts here, the type's own input in the registry. */
import type { ChangeEvent } from 'react';
import { useGetIdentity } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import type { FieldDef } from '../../model/fields';
import { atLeast } from '../../model/define';
import type { Mode } from '../../model/validate';
import { raValidators } from './validation';
import { APP_TYPES } from '../fields/appTypes';

export { parseNumberText } from '../fields/appTypes';

/**
 * Checks a field while it is typed when its value breaks a limit (too long, not a number), or
 * when it already shows an error (so the error goes as soon as it is fixed): the message shows
 * at once instead of the input silently refusing the text.
 */
function useLiveCheck(name: string, fd: FieldDef) {
  const form = useFormContext();
  return (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement> | unknown) => {
    const value = (e as ChangeEvent<HTMLInputElement>)?.target?.value;
    if (typeof value !== 'string') return;
    const tooLong = fd.max !== undefined && ['text', 'longtext', 'password'].includes(fd.type) && value.length > fd.max;
    const malformed =
      !!APP_TYPES[fd.type].malformed?.(value) ||
      (!!fd.rules?.includes('digits') && value.trim() !== '' && !/^\d+$/.test(value.trim()));
    if (tooLong || malformed || form.getFieldState(name).invalid) void form.trigger(name);
  };
}

export function FieldInput({ name, fd, mode }: { name: string; fd: FieldDef; mode: Mode }) {
  const { identity } = useGetIdentity();
  const validate = raValidators(fd, mode);
  const readOnly = !!(
    fd.readOnly ||
    (fd.createOnly && mode === 'update') ||
    (fd.writeRole && !atLeast(identity?.role as string, fd.writeRole))
  );
  const liveCheck = useLiveCheck(name, fd);
  const { Input } = APP_TYPES[fd.type];
  return <Input name={name} fd={fd} mode={mode} validate={validate} readOnly={readOnly} liveCheck={liveCheck} />;
}
