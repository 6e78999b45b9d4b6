import { registerEnumType } from 'type-graphql';
import { Rol as RolName } from '../../domain/roles';

/** GraphQL enum mirroring the domain's role names. */
export enum Rol {
  ROL_SERVICIO = 'ROL_SERVICIO',
  ROL_MEDICO = 'ROL_MEDICO',
  ROL_TECNICO = 'ROL_TECNICO',
  ROL_ADMINISTRATIVO = 'ROL_ADMINISTRATIVO',
  ROL_RED = 'ROL_RED',
}

// Fails to compile if the enum and the domain list ever drift apart.
const _sameNames: Record<RolName, Rol> = Rol;
void _sameNames;

registerEnumType(Rol, { name: 'Rol', description: 'Rol de un usuario dentro de su servicio' });
