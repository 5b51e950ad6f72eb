/** The connections feature's public surface: the connection types as data, for other features and the demo seed. */
export { CONNECTION_TYPES } from './definitions';
export { createPayload, defaultValuesOf, fieldsOf } from './mapping';
export type { ConnectionField, ConnectionFormValues, ConnectionTypeDef } from './types';
export { connectionHref } from './href';
export { connectionQueries } from './queries';
