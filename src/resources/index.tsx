/** react-admin Resources generated from the model declarations. */
import { Suspense, type ComponentType, type JSX } from 'react';
import { LinearProgress } from '@mui/material';
import { partsOf } from './parts';
import { Resource } from 'react-admin';
import { MODELS } from '../../model/registry';
import type { ModelDef, RoleName } from '../../model/define';
import { GenericList } from '../list/GenericList';
import { Guard } from './Guard';
// the generic form loads with the first form opened (or the menu's preload), not with the app
import { ModelCreate, ModelEdit } from '../lazyScreens';
import { FeatureGate } from '../layout/features';
import { ReadOnlyCreate } from './ReadOnlyCreate';

const labelOf = (m: ModelDef) => (r: Record<string, unknown>) =>
  (typeof r.label === 'string'
    ? r.label
    : m.labelFields
        .map((f) => r[f])
        .filter(Boolean)
        .join(' ')) || `#${r.id}`;

interface Screens {
  list: () => JSX.Element;
  edit: () => JSX.Element;
  create: () => JSX.Element;
}
const screens = new Map<string, Screens>();

/**
 * Screens for a model: a folder `resources/<Model>/` may replace them (see parts.tsx, loaded
 * lazily); the generic ones otherwise. Made once per model, so re-renders keep the same
 * component types (no remounts).
 */
export function screensFor(m: ModelDef): Screens {
  let s = screens.get(m.name);
  if (!s) {
    // a studio record itself is created by the SuperAdmin only
    const createRole: RoleName = m.scope === 'tenant' ? 'SuperAdmin' : m.access.write;
    const { list: List, edit: Edit, create: Create } = partsOf(m.name);
    // made here, once per model: the same component types at every render
    const GenericEdit = () => <ModelEdit model={m} />;
    const GenericCreate = () => <ModelCreate model={m} />;
    const lazyScreen = (Screen: ComponentType) => (
      <Suspense fallback={<LinearProgress aria-label="Caricamento" />}>
        <Screen />
      </Suspense>
    );
    // a model behind a feature that is off (the credit ledger) is not found, whoever asks
    s = {
      list: () => (
        <FeatureGate feature={m.feature}>
          <Guard min={m.access.read}>{List ? lazyScreen(List) : <GenericList model={m} />}</Guard>
        </FeatureGate>
      ),
      // a record's card is for who may change it (seed B §6: roles and Word templates are the
      // SuperAdmin's); rows of those below are not clickable (disable_edit_item)
      edit: () => (
        <FeatureGate feature={m.feature}>
          <Guard min={m.access.write}>{lazyScreen(Edit ?? GenericEdit)}</Guard>
        </FeatureGate>
      ),
      create: () => (
        <FeatureGate feature={m.feature}>
          <Guard min={createRole}>
            {m.readOnly && !Create ? <ReadOnlyCreate model={m} /> : lazyScreen(Create ?? GenericCreate)}
          </Guard>
        </FeatureGate>
      ),
    };
    screens.set(m.name, s);
  }
  return s;
}

/**
 * Every model is a Resource whatever the role, so that its URLs exist for everyone: the screens
 * themselves decide (the unauthorized dialog), never a 'page not found'.
 */
export function resourcesFor() {
  return MODELS.map((m) => {
    const s = screensFor(m);
    return (
      <Resource
        key={m.name}
        name={m.name}
        options={{ label: m.plural }}
        recordRepresentation={labelOf(m)}
        list={s.list}
        edit={s.edit}
        create={s.create}
      />
    );
  });
}
