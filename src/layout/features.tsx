/**
 * Features behind a setting of the server (client_var): the credit of the users (CREDIT_ENABLED,
 * off by default; PRODUCT.md §7). While one is off nothing of it shows: no list column, no form
 * field, no CSV field, and its screens opened by address answer 'Pagina NON trovata' (the
 * server answers its calls 404).
 */
import type { ReactNode } from 'react';
import type { ModelDef } from '../../model/define';
import type { FieldDef } from '../../model/fields';
import { useClientVar } from './settings';
import type { ClientVar } from '../../model/api/shell';
import { NotFoundRedirect } from '../pages/ErrorPage';

export type Feature = NonNullable<ModelDef['feature']>;

const FLAGS: Record<Feature, keyof ClientVar> = { credit: 'CREDIT_ENABLED' };

/** Whether a feature is on in these settings (no feature: always on). */
export const featureOn = (settings: ClientVar | undefined, feature: Feature | undefined) =>
  !feature || !!settings?.[FLAGS[feature]];

/** `on(feature)`: whether it is on (off while the settings load); `ready`: the settings are there. */
export function useFeatures() {
  const { data, isPending } = useClientVar();
  return { ready: !isPending, on: (feature: Feature | undefined) => featureOn(data, feature) };
}

/** A field shown only when its feature is on. */
export const fieldShown = (on: (f: Feature | undefined) => boolean) => (fd: FieldDef | undefined) =>
  !!fd && on(fd.feature);

/** A screen of a model behind a feature: nothing until the settings are there, then the screen or 'Pagina NON trovata'. */
export function FeatureGate({ feature, children }: { feature: Feature | undefined; children: ReactNode }) {
  const { ready, on } = useFeatures();
  if (!feature) return <>{children}</>;
  if (!ready) return null;
  return on(feature) ? <>{children}</> : <NotFoundRedirect />;
}
