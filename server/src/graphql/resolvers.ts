import { NonEmptyArray } from 'type-graphql';
import { AuthResolver } from '../modules/usuario/auth.resolver';

/** Every resolver class; each feature adds its own here. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export const resolvers: NonEmptyArray<Function> = [AuthResolver];
