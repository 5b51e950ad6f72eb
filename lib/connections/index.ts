/** The connections feature's public surface: the connection types as data, for other features and the demo seed. */
export { CONNECTION_TYPES } from './definitions';
export { createPayload, defaultValuesOf, fieldsOf } from './mapping';
export type { ConnectionField, ConnectionFormValues, ConnectionTypeDef } from './types';
export { connectionHref } from './href';
export { connectionQueries } from './queries';

/** The list's URL contract, loaded on use (a saved view's check). */
export const connectionsUrlContract = () => import('./search').then((m) => m.connectionsSearch);
