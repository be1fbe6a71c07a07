import { fileURLToPath } from 'node:url';

/** The scenarios shipped with the product (mock-server/scenarios/), played unless SCENARIOS_DIR says otherwise. */
export const DEFAULT_SCENARIOS_DIR = fileURLToPath(new URL('../../scenarios/', import.meta.url));
