import { randomBytes } from 'node:crypto';
import { addDays, todayIso } from '../../server/src/domain/dates';
import { TestServer } from '../../server/src/test-utils/harness';

export type Errores = { errors: { msg: string }[] };
export type Sesion = {
  token: string;
  usuario: {
    uid: string;
    rol: string;
    servicio: string;
    opciones: Record<string, unknown> & { integrantes: Record<string, unknown>[] };
  };
};

/** YYYYMMDD of today minus `days`, in the service's time zone. */
export const compacta = (daysAgo = 0): string => addDays(todayIso(), -daysAgo).replace(/-/g, '');
export const iso = (daysAgo = 0): string => addDays(todayIso(), -daysAgo);

/** Registers a servicio through POST /api/auth/register, as the original client does. */
export async function registrar(server: TestServer, nombre = 'Servicio de Prueba'): Promise<Sesion> {
  const username = `u${randomBytes(4).toString('hex')}`;
  const res = await server.rest<Sesion>('POST', '/auth/register', {
    nombre,
    username,
    email: `${username}@hospital.test`,
    password: 'clave-segura',
    rol: 'ROL_SERVICIO',
  });
  if (res.status !== 200) throw new Error(`registro: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let dni = 30_000_000;

/** A valid donor body as the original's form sends it (cph as a JSON string). */
export function donanteBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  dni += 1;
  return {
    nombre: 'Juan',
    apellido: 'Pérez',
    dni: String(dni),
    fechaNacimiento: '1990-05-01',
    sexo: 'Masculino',
    domActual: 'Av. Rivadavia',
    domActualAltura: '1234',
    localidadActual: 'Morón',
    ProvinciaActual: 'Buenos Aires',
    telefono: '1144445555',
    email: 'juan@correo.test',
    lugarNacimiento: 'Morón',
    nacionalidad: 'Argentina',
    convocado: false,
    donacionAferesis: false,
    donacionAnterior: true,
    esVoluntario: 'Si',
    cph: JSON.stringify({
      establecimientoLaboral: 'Hospital',
      telefonoLaboral: '1100000000',
      emailLaboral: 'trabajo@correo.test',
      contacto1: { Nombre: 'Ana', Apellido: 'Pérez', Telefono: '11', Relacion: 'Hermana', Email: '' },
    }),
    ...overrides,
  };
}

/** A valid donation body as the original's form sends it (fecha YYYYMMDD, sv as a JSON string). */
export function donacionBody(
  servicio: string,
  donanteId: string,
  numero: unknown,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    servicio,
    donanteId,
    numero,
    fecha: compacta(0),
    hora: '09:30',
    plasmaCovid: false,
    sv: JSON.stringify({ ta: '120/80', fc: '72', peso: '70', temp: '36.5', hb: '13.5', hto: '41' }),
    tipoBolsa: 'Bolsa Doble',
    loteBolsa: 'L-2025-01',
    ...overrides,
  };
}

export const msgs = (body: unknown): string[] => ((body as Errores).errors ?? []).map((e) => e.msg);
