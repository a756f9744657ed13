/**
 * The title of a screen: shown in the app bar (react-admin's title portal) and set as the
 * browser's page title together with the application name (seed B §2), e.g.
 * 'Gestione Clienti - Gestionale Studi'.
 */
import { useEffect } from 'react';
import { Title } from 'react-admin';
import { useAppName } from './settings';

export const documentTitle = (title: string | undefined, appName: string) =>
  title ? `${title} - ${appName}` : appName;

/** Sets the browser's page title for as long as the calling screen is shown. */
export function useDocumentTitle(title: string | undefined) {
  const appName = useAppName();
  useEffect(() => {
    document.title = documentTitle(title, appName);
  }, [title, appName]);
}

/** For the `title` prop of react-admin views, or inside a screen of its own. */
export function PageTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return <span>{title}</span>;
}

/** A screen's title in the app bar and in the browser (for screens that are not react-admin views). */
export function ScreenTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return <Title title={title} />;
}
