import { Inicial1763780000000 } from './1763780000000-inicial';

/** Every migration, in order; each schema change adds one here. */
export const migrations = [Inicial1763780000000];
