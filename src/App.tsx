import { lazy, Suspense, useLayoutEffect, type ComponentType, type ReactNode } from 'react';
import { LinearProgress } from '@mui/material';
import { AdminContext, AdminUI, CustomRoutes, ResourceContextProvider, useGetOne } from 'react-admin';
import { Navigate, Route, useLocation, useParams } from 'react-router-dom';
import { dataProvider } from './dataProvider';
import { authProvider, trackPath } from './authProvider';
import { i18nProvider } from './i18n';
import { AppLayout } from './layout/AppLayout';
import { appStore } from './list/preferencesStore';
import { lightTheme, darkTheme } from './layout/theme';
import { LoginPage } from './pages/LoginPage';
import { ROUTES } from './routeTable';
import { AppCrashPage, ErrorPage, NotFoundRedirect } from './pages/ErrorPage';
import { CloseHeader } from './layout/CloseHeader';
import { resourcesFor, screensFor } from './resources';
import { Guard } from './resources/Guard';
import { GenericList } from './list/GenericList';
import { listPathOf } from './routeTable';
import { MODELS, modelByName, viewByName } from '../model/registry';
import type { ModelDef } from '../model/define';
import { getUser } from './authProvider/token';
import { DEFAULT_APP_NAME } from './layout/settings';
import { FeatureGate } from './layout/features';

// pages beyond the generic list and form are loaded when first opened: the areas' screens
// (src/areas/, each declared once in its area's screens.ts) and the generic form are fetched
// ahead once the menu is shown (lazyScreens.ts)
import { ModelEdit } from './lazyScreens';
import { AREA_SCREENS } from './areas';
const MenuPage = lazy(() => import('./pages/MenuPage').then((m) => ({ default: m.MenuPage })));
const SimpleListPage = lazy(() => import('./pages/SimpleListPage').then((m) => ({ default: m.SimpleListPage })));
// the public area (issue 15): one chunk for its pages, none of it in the first load
const publicArea = () => import('./pages/public');
const publicPage = (name: keyof Awaited<ReturnType<typeof publicArea>>) =>
  lazy(() => publicArea().then((m) => ({ default: m[name] })));
/** the public area's routes, each with its page */
const PUBLIC_PAGES = [
  { path: ROUTES.landingPage, Page: publicPage('LandingPage') },
  { path: ROUTES.contactForm, Page: publicPage('ContactForm') },
  { path: ROUTES.register, Page: publicPage('Register') },
  { path: ROUTES.activation, Page: publicPage('Activation') },
  { path: ROUTES.recoverPassword, Page: publicPage('RecoverPassword') },
  { path: ROUTES.resetPassword, Page: publicPage('ResetPassword') },
];
const Lazy = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<LinearProgress aria-label="Caricamento" />}>{children}</Suspense>
);
/** The route of a page loaded when first opened (a progress bar meanwhile). */
const lazyRoute = (path: string, Page: ComponentType) => (
  <Route
    key={path}
    path={path}
    element={
      <Lazy>
        <Page />
      </Lazy>
    }
  />
);

/**
 * The breadcrumbs of one parent's list ('Movimenti di Rossi S.r.l.'): the parent named by its
 * label fields, not by its id ('cliente #237': issue 45 item 18), once it is read.
 */
function ParentCrumbs({
  model,
  parentModel,
  parentId,
  parentList,
}: {
  model: ModelDef;
  parentModel?: ModelDef;
  parentId: string;
  parentList: string;
}) {
  const parent = useGetOne<{ id: number } & Record<string, unknown>>(
    parentModel?.name ?? '',
    { id: Number(parentId) },
    { enabled: !!parentModel },
  );
  const name =
    (parent.data &&
      (typeof parent.data.label === 'string'
        ? parent.data.label
        : (parentModel?.labelFields ?? [])
            .map((f) => parent.data?.[f])
            .filter(Boolean)
            .join(' '))) ||
    '';
  const what = parentModel?.label.toLowerCase() ?? 'elemento';
  return (
    <CloseHeader
      fallback={parentList}
      crumbs={[
        { label: 'Home', to: '/Menu' },
        ...(parentModel ? [{ label: `Gestione ${parentModel.plural}`, to: parentList }] : []),
        { label: name ? `${model.plural} di ${name}` : `${model.plural} del ${what}` },
      ]}
    />
  );
}

function Home() {
  return <Navigate to="/Menu" replace />;
}

/** `/table/{Model}`: the generic list of a model; `/table/{View}`: a named view of one (model/define.ts `views`). */
function TableRoute() {
  const { model, parentId } = useParams();
  const view = model && !parentId ? viewByName.get(model) : undefined;
  if (view) {
    return (
      <ResourceContextProvider value={view.model.name}>
        <FeatureGate feature={view.model.feature}>
          <Guard min={view.view.access ?? view.model.access.read}>
            <GenericList key={view.name} model={view.model} view={view} />
          </Guard>
        </FeatureGate>
      </ResourceContextProvider>
    );
  }
  const m = model ? modelByName.get(model) : undefined;
  if (!m) return <NotFoundRedirect />;
  if (parentId && m.list.parentField) {
    // opened from the parent's row (e.g. the account statement of a customer): close header
    const parentModel = modelByName.get(m.fields[m.list.parentField]?.ref ?? '');
    const parentList = parentModel ? listPathOf(parentModel) : '/Menu';
    return (
      <ResourceContextProvider value={m.name}>
        <FeatureGate feature={m.feature}>
          <Guard min={m.access.read}>
            <>
              <ParentCrumbs model={m} parentModel={parentModel} parentId={parentId} parentList={parentList} />
              <GenericList key={parentId} model={m} parentId={parentId} />
            </>
          </Guard>
        </FeatureGate>
      </ResourceContextProvider>
    );
  }
  const List = screensFor(m).list;
  return (
    <ResourceContextProvider value={m.name}>
      <List />
    </ResourceContextProvider>
  );
}

/**
 * `NewScheda{Model}` and `Scheda{Model}/{id}`: the form routes of seed A. React Router matches
 * whole segments only (`/NewScheda:model` would be a literal path), so there is one route per model.
 */
function SchedaRoute({ model, create }: { model: ModelDef; create?: boolean }) {
  const { id } = useParams();
  // seed B's `/{formRoute}` without an id opens a new record
  return <Navigate to={create || !id ? `/${model.name}/create` : `/${model.name}/${encodeURIComponent(id)}`} replace />;
}

/** `/utente/il_mio_profilo`: the logged user's own record (any role may edit its profile). */
function MyProfile() {
  const u = getUser();
  if (!u) return <Navigate to="/utente/login" replace />;
  return (
    <ResourceContextProvider value="User">
      <Lazy>
        <ModelEdit
          model={modelByName.get('User')!}
          id={u.id}
          ownProfile
          title="Il mio profilo"
          crumbs={[{ label: 'Home', to: '/Menu' }, { label: 'Il mio profilo' }]}
        />
      </Lazy>
    </ResourceContextProvider>
  );
}

function MyStudio() {
  const u = getUser();
  return <Navigate to={u ? `/Studio/${u.studio_id}` : '/utente/login'} replace />;
}

/** Keeps the current path for the logout of a visitor without a session (src/authProvider: an unknown route leads to /error). */
function PathTracker() {
  const { pathname } = useLocation();
  useLayoutEffect(() => trackPath(pathname), [pathname]);
  return null;
}

export default function App() {
  return (
    <>
      <PathTracker />
      {/* AdminContext + AdminUI is what react-admin's <Admin> renders; used directly, the bundle
        does not carry <Admin>'s default English i18nProvider (ra-language-english) */}
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        // saved views and columns of the lists on the server (per user), the rest in local storage
        store={appStore}
        theme={lightTheme}
        darkTheme={darkTheme}
        defaultTheme="light"
      >
        <AdminUI
          layout={AppLayout}
          loginPage={LoginPage}
          dashboard={Home}
          title={DEFAULT_APP_NAME}
          error={AppCrashPage}
          catchAll={NotFoundRedirect}
          disableTelemetry
          requireAuth
        >
          {/* the pages without a session are static children: a function child is evaluated again after
          every logout (react-admin clears its queries), and meanwhile an anonymous visitor's
          '*' route logs out again — the login page looped between the two */}
          <CustomRoutes noLayout>
            <Route path={ROUTES.login} element={<LoginPage />} />
            <Route path={ROUTES.error} element={<ErrorPage />} />
            {PUBLIC_PAGES.map(({ path, Page }) => lazyRoute(path, Page))}
          </CustomRoutes>
          {() => (
            <>
              <CustomRoutes>
                {lazyRoute(ROUTES.menu, MenuPage)}
                {lazyRoute(ROUTES.menuLower, MenuPage)}
                {/* the areas' screens (src/areas/<area>/screens.ts), each for its roles from the lowest up */}
                {AREA_SCREENS.map(({ path, role, Screen }) => (
                  <Route
                    key={path}
                    path={path}
                    element={
                      <Guard min={role}>
                        <Lazy>
                          <Screen />
                        </Lazy>
                      </Guard>
                    }
                  />
                ))}
                <Route path={ROUTES.table} element={<TableRoute />} />
                <Route path={ROUTES.tableOfParent} element={<TableRoute />} />
                {lazyRoute(ROUTES.simpleList, SimpleListPage)}
                {MODELS.map((m) => (
                  <Route
                    key={`new-${m.name}`}
                    path={`/NewScheda${m.name}`}
                    element={<SchedaRoute model={m} create />}
                  />
                ))}
                {MODELS.map((m) => (
                  <Route key={`edit-${m.name}`} path={`/Scheda${m.name}/:id`} element={<SchedaRoute model={m} />} />
                ))}
                <Route path={ROUTES.myStudio} element={<MyStudio />} />
                <Route path={ROUTES.myProfile} element={<MyProfile />} />
                {MODELS.filter((m) => m.formRoute).map((m) => (
                  <Route key={`form-${m.name}`} path={`/${m.formRoute}/:id?`} element={<SchedaRoute model={m} />} />
                ))}
              </CustomRoutes>
              {resourcesFor()}
            </>
          )}
        </AdminUI>
      </AdminContext>
    </>
  );
}
