import { version } from '../../package.json';

/** The running build's version (package.json), answered by /health and shown in the OpenAPI document. */
export const APP_VERSION: string = version;
