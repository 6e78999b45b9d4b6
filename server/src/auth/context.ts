import { Rol } from '../domain/roles';

/** The verified caller: who, with which role, inside which servicio. */
export type AuthUser = {
  uid: string;
  rol: Rol;
  servicio: string;
};

/** The caller a valid API key stands for: its servicio, which every read is scoped by. */
export type ClaveApiCaller = { claveId: string; servicio: string };
