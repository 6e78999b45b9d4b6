import { FieldError, MSG } from './messages';
import { ROLES_INTEGRANTE, ROL_INTEGRANTE_DEFAULT, Rol } from './roles';
import { ErrorList, isBlank, isEmail, validatePassword } from './validation';

/** The data of a staff member (integrante) as the forms and the API carry it. */
export type IntegranteDatos = {
  nombre?: string | null;
  apellido?: string | null;
  matricula?: string | null;
  email?: string | null;
  telefono?: string | null;
  agentecph?: boolean | null;
  rol?: string | null;
};

export type NuevoIntegranteDatos = IntegranteDatos & {
  username?: string | null;
  password?: string | null;
  password2?: string | null;
};

export type OpcionesDatos = {
  nombre?: string | null;
  direccion?: string | null;
  email?: string | null;
  telefono?: string | null;
};

function isRolIntegrante(value: unknown): value is Rol {
  return typeof value === 'string' && (ROLES_INTEGRANTE as readonly string[]).includes(value);
}

/** No role chosen: missing, null or the empty string (what a select left alone sends). */
function sinRol(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** The role a new member gets: the one chosen, or ROL_MEDICO when none was. */
export function rolIntegrante(value: unknown): string {
  return sinRol(value) ? ROL_INTEGRANTE_DEFAULT : String(value);
}

function checkEmail(list: ErrorList, email: unknown): void {
  if (!isBlank(email) && !isEmail(String(email).trim())) list.add('email', MSG.emailNoValido);
}

/** A role is none or exactly one of ROLES_INTEGRANTE: ' ', a BOM or a zero-width space is not a role. */
function checkRol(list: ErrorList, rol: unknown): void {
  if (!sinRol(rol) && !isRolIntegrante(rol)) list.add('rol', MSG.valorNoPermitido);
}

/** New member: nombre, apellido, username and password required; password >= 6; repeat equal. */
export function validateNuevoIntegrante(data: NuevoIntegranteDatos): FieldError[] {
  const list = new ErrorList();
  if (isBlank(data.nombre)) list.add('nombre', MSG.requerido);
  if (isBlank(data.apellido)) list.add('apellido', MSG.requerido);
  if (isBlank(data.username)) list.add('username', MSG.requerido);
  if (isBlank(data.password)) list.add('password', MSG.requerido);
  else {
    const pw = validatePassword(data.password);
    if (pw) list.add('password', pw);
  }
  if (isBlank(data.password2)) {
    if (!isBlank(data.password)) list.add('password2', MSG.clavesDistintas);
  } else if (data.password !== data.password2) list.add('password2', MSG.clavesDistintas);
  checkRol(list, data.rol);
  checkEmail(list, data.email);
  return list.errors;
}

/** Editing a member: only nombre and apellido are required (no username or password). */
export function validateEditarIntegrante(data: IntegranteDatos): FieldError[] {
  const list = new ErrorList();
  if (isBlank(data.nombre)) list.add('nombre', MSG.requerido);
  if (isBlank(data.apellido)) list.add('apellido', MSG.requerido);
  checkRol(list, data.rol);
  checkEmail(list, data.email);
  return list.errors;
}

/** The new password the administrator sets for a member: the rules of every password change. */
export function validateClaveIntegrante(data: {
  newPassword?: string | null;
  newPassword2?: string | null;
}): FieldError[] {
  const list = new ErrorList();
  for (const field of ['newPassword', 'newPassword2'] as const) {
    const err = validatePassword(data[field]);
    if (err) list.add(field, err);
  }
  if (list.empty && data.newPassword !== data.newPassword2) list.add('newPassword2', MSG.clavesDistintas);
  return list.errors;
}

/** Service options: nombre required; email valid if given. */
export function validateOpciones(data: OpcionesDatos): FieldError[] {
  const list = new ErrorList();
  if (isBlank(data.nombre)) list.add('nombre', MSG.requerido);
  checkEmail(list, data.email);
  return list.errors;
}
