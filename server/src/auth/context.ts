import { Rol } from '../domain/roles';

/** The verified caller: who, with which role, inside which servicio. */
export type AuthUser = {
  uid: string;
  rol: Rol;
  servicio: string;
};
