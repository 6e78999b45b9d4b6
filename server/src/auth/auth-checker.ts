import { AuthCheckerFn } from 'type-graphql';
import type { Context } from '../context';
import { ForbiddenError, UnauthenticatedError } from '../errors';

/** `@Authorized()` needs a signed-in caller; `@Authorized('ROL_X')` also one of the roles. */
export const authChecker: AuthCheckerFn<Context> = ({ context }, roles) => {
  if (!context.auth) throw new UnauthenticatedError();
  if (roles.length > 0 && !roles.includes(context.auth.rol)) throw new ForbiddenError();
  return true;
};
