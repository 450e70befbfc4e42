export { AppRoutes } from './AppRoutes';
export { buildRoutes, buildShellChildren, routeElement } from './routes';
export * from './menuRoutes';
export * from './paths';
export { DEFAULT_TITLE, pageTitle, useDocumentTitle } from './title';
export { Providers, THEME } from './Providers';
