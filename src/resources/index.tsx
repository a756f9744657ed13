/** react-admin Resources generated from the model declarations. */
import type { JSX } from 'react';
import { Resource } from 'react-admin';
import { MODELS } from '../../model/registry';
import { atLeast, type ModelDef } from '../../model/define';
import { GenericList } from '../list/GenericList';
import { ModelCreate, ModelEdit } from '../form/GenericForm';

const labelOf = (m: ModelDef) => (r: Record<string, unknown>) =>
  (typeof r.label === 'string' ? r.label : m.labelFields.map((f) => r[f]).filter(Boolean).join(' ')) || `#${r.id}`;

interface Screens { list: () => JSX.Element; edit: () => JSX.Element; create: () => JSX.Element }
const screens = new Map<string, Screens>();

/**
 * Screens for a model: a folder in resources/ may override them; the generic ones otherwise.
 * Made once per model, so re-renders keep the same component types (no remounts).
 */
export function screensFor(m: ModelDef): Screens {
  let s = screens.get(m.name);
  if (!s) {
    s = {
      list: () => <GenericList model={m} />,
      edit: () => <ModelEdit model={m} />,
      create: () => <ModelCreate model={m} />,
    };
    screens.set(m.name, s);
  }
  return s;
}

export function resourcesFor(role: string | null | undefined) {
  return MODELS.filter((m) => atLeast(role ?? undefined, m.access.read)).map((m) => {
    const s = screensFor(m);
    const write = atLeast(role ?? undefined, m.access.write);
    return (
      <Resource key={m.name} name={m.name} options={{ label: m.plural }} recordRepresentation={labelOf(m)}
        list={s.list} edit={write ? s.edit : undefined} create={write && (m.scope !== 'tenant' || role === 'SuperAdmin') ? s.create : undefined} />
    );
  });
}
