import { AuthCheckerFn } from 'type-graphql';
import type { Context } from '../context';
import { CAMPOS_CLAVE_API } from '../domain/clave-api';
import { MSG } from '../domain/messages';
import { ForbiddenError, UnauthenticatedError } from '../errors';

/**
 * `@Authorized()` needs a signed-in caller of a servicio (ROLES_SERVICIO); `@Authorized('ROL_X')`
 * one of the roles named. A network's account (ROL_RED) passes only where ROL_RED is named. An API
 * key passes only `@Authorized()` root queries it may read (CAMPOS_CLAVE_API), never a role's.
 */
export const authChecker: AuthCheckerFn<Context> = ({ context, info }, roles) => {
  if (!context.auth && context.claveApi) {
    const leible =
      roles.length === 0 && info.parentType.name === 'Query' && CAMPOS_CLAVE_API.includes(info.fieldName);
    if (!leible) throw new ForbiddenError(MSG.claveApiSoloIndicadores);
    return true;
  }
  if (!context.auth) throw new UnauthenticatedError();
  // A network's account reaches only what names ROL_RED: never a servicio's records.
  if (context.auth.rol === 'ROL_RED') {
    if (!roles.includes('ROL_RED')) throw new ForbiddenError(MSG.redSoloIndicadores);
    return true;
  }
  if (roles.length > 0 && !roles.includes(context.auth.rol)) throw new ForbiddenError();
  return true;
};
