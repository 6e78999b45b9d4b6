/**
 * `npm run seed:perf -- --donors N [--database-url URL | --data-dir DIR]`
 *
 * Fills ONE new servicio (registered through the real AuthService, so its
 * administrator can log in) with N realistic donors and about 3 donations each
 * over the last five years, with results. Rows are loaded with multi-row
 * `INSERT ... SELECT FROM unnest($1::text[], ...)` statements of 10,000 rows,
 * one transaction per batch; for big loads the secondary indexes are dropped
 * first and rebuilt at the end (from their own definitions), then ANALYZE.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { connectDatabase } from '../../server/src/database/data-source';
import { addDays, todayIso } from '../../server/src/domain/dates';
import { PROVINCIAS } from '../../server/src/domain/donante';
import { createServices } from '../../server/src/services';
import { numberArg, openDatabase, parseArgs } from './db';

/** Every seeded administrator gets this password (printed by the seed). */
export const PERF_PASSWORD = 'clave-perf-2026';
/** Seeded administrators' usernames start with this; the bench logs in as the newest. */
export const PERF_USER_PREFIX = 'perf_';
/** Donations created by the bench carry this lot, so a run can remove them afterwards. */
export const BENCH_LOTE = 'BENCH';

const BATCH = 10_000;

// ---------------------------------------------------------------------------
// Realistic data

const NOMBRES_F = [
  'María',
  'Sofía',
  'Lucía',
  'Valentina',
  'Camila',
  'Martina',
  'Julieta',
  'Florencia',
  'Agustina',
  'Micaela',
  'Belén',
  'Inés',
  'Verónica',
  'Mónica',
  'Mariela',
  'Silvia',
  'Andrea',
  'Natalia',
  'Gabriela',
  'Romina',
  'Paula',
  'Daniela',
  'Carolina',
  'Rocío',
  'Ángeles',
  'Noelia',
  'Victoria',
  'Josefina',
  'Milagros',
  'Luján',
  'Ana',
  'Laura',
  'Claudia',
  'Graciela',
  'Susana',
  'Raquel',
  'Estefanía',
  'Débora',
  'Soledad',
  'Érica',
];
const NOMBRES_M = [
  'José',
  'Juan',
  'Matías',
  'Martín',
  'Agustín',
  'Joaquín',
  'Tomás',
  'Nicolás',
  'Sebastián',
  'Julián',
  'Valentín',
  'Lucas',
  'Santiago',
  'Facundo',
  'Gonzalo',
  'Germán',
  'Rubén',
  'Raúl',
  'Darío',
  'Héctor',
  'Ramón',
  'Ángel',
  'Andrés',
  'Jesús',
  'Iván',
  'Máximo',
  'Benjamín',
  'Lautaro',
  'Franco',
  'Diego',
  'Pablo',
  'Carlos',
  'Jorge',
  'Luis',
  'Miguel',
  'Fernando',
  'Gastón',
  'Simón',
  'Elías',
  'Adrián',
];
const APELLIDOS = [
  'González',
  'Rodríguez',
  'Gómez',
  'Fernández',
  'López',
  'Díaz',
  'Martínez',
  'Pérez',
  'García',
  'Sánchez',
  'Romero',
  'Sosa',
  'Álvarez',
  'Torres',
  'Ruiz',
  'Ramírez',
  'Flores',
  'Benítez',
  'Acosta',
  'Medina',
  'Herrera',
  'Suárez',
  'Aguirre',
  'Giménez',
  'Gutiérrez',
  'Pereyra',
  'Rojas',
  'Molina',
  'Castro',
  'Ortiz',
  'Silva',
  'Núñez',
  'Luna',
  'Juárez',
  'Cabrera',
  'Ríos',
  'Morales',
  'Godoy',
  'Domínguez',
  'Vázquez',
  'Peralta',
  'Ramos',
  'Ledesma',
  'Méndez',
  'Quiroga',
  'Vega',
  'Muñoz',
  'Ojeda',
  'Ponce',
  'Vera',
  'Cardozo',
  'Villalba',
  'Moreno',
  'Figueroa',
  'Correa',
  'Cáceres',
  'Ibáñez',
  'Ferreyra',
  'Paz',
  'Arias',
  'Maldonado',
  'Mansilla',
  'Navarro',
  'Ávila',
  'Ríos',
  'Ayala',
  'Bustos',
  'Chávez',
  'Escobar',
  'Farías',
  'Galván',
  'Heredia',
  'Insaurralde',
  'Jara',
  'Lucero',
  'Montenegro',
  'Olivera',
  'Páez',
  'Quintana',
  'Salinas',
  'Toledo',
  'Urquiza',
  'Zárate',
  'Báez',
  'Cortés',
  'Echeverría',
  'Fariña',
  'Gallardo',
  'Leiva',
  'Miranda',
  'Núñez',
  'Orellana',
  'Roldán',
  'Sáenz',
  'Valdéz',
  'Yáñez',
  'De la Fuente',
  'Del Valle',
  'San Martín',
  'De los Santos',
];
const CALLES = [
  'Av. San Martín',
  'Belgrano',
  'Rivadavia',
  'Sarmiento',
  'Mitre',
  '9 de Julio',
  'Moreno',
  'Güemes',
  'Av. Córdoba',
  'Tucumán',
  'Italia',
  'España',
  'Lavalle',
  'Urquiza',
  'Alberdi',
  'Pellegrini',
  'Av. Libertador',
  'Entre Ríos',
  'Las Heras',
  'Perón',
];
const LOCALIDADES = [
  'San Miguel de Tucumán',
  'Córdoba',
  'Rosario',
  'Mendoza',
  'La Plata',
  'Mar del Plata',
  'Salta',
  'Santa Fe',
  'San Juan',
  'Resistencia',
  'Neuquén',
  'Posadas',
  'Paraná',
  'Bahía Blanca',
  'Río Cuarto',
  'Concordia',
  'San Luis',
  'Comodoro Rivadavia',
  'Yerba Buena',
  'Tafí Viejo',
];
const OCUPACIONES = [
  'Docente',
  'Empleado/a',
  'Comerciante',
  'Estudiante',
  'Enfermero/a',
  'Albañil',
  'Chofer',
  'Administrativo/a',
  'Ama de casa',
  'Policía',
  'Médico/a',
  'Jubilado/a',
  'Técnico/a',
  null,
];

/** Small deterministic PRNG (mulberry32): the same seed gives the same data. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rand = () => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[Math.floor(r() * list.length)];
const int = (r: Rand, min: number, max: number): number => min + Math.floor(r() * (max - min + 1));
const two = (n: number) => String(n).padStart(2, '0');

/** Surnames: mostly one, sometimes two ("García Pérez"). Skewed towards the common ones. */
function apellido(r: Rand): string {
  const one = () => APELLIDOS[Math.floor(APELLIDOS.length * r() * r())];
  return r() < 0.15 ? `${one()} ${one()}` : one();
}

function nombre(r: Rand, sexo: string): string {
  const list = sexo === 'Femenino' ? NOMBRES_F : NOMBRES_M;
  return r() < 0.3 ? `${pick(r, list)} ${pick(r, list)}` : pick(r, list);
}

type DonanteRows = {
  id: string[];
  nombre: string[];
  apellido: string[];
  dni: string[];
  fechaNacimiento: string[];
  sexo: string[];
  domActual: string[];
  altura: string[];
  localidad: string[];
  provincia: string[];
  codPostal: string[];
  telefono: string[];
  email: (string | null)[];
  ocupacion: (string | null)[];
  esVoluntario: string[];
  ultimaDonacion: (string | null)[];
};

type DonacionRows = {
  id: string[];
  donanteId: string[];
  numero: number[];
  fecha: string[];
  hora: string[];
  tas: number[];
  tad: number[];
  fc: number[];
  peso: number[];
  temp: number[];
  hb: number[];
  hto: number[];
  tipoBolsa: string[];
  lote: string[];
  abo: string[];
  rh: string[];
  serologia: (string | null)[];
};

const ABO_WEIGHTS: [string, number][] = [
  ['O', 0.45],
  ['A', 0.4],
  ['B', 0.11],
  ['AB', 0.04],
];

function abo(r: Rand): string {
  let x = r();
  for (const [group, w] of ABO_WEIGHTS) {
    if (x < w) return group;
    x -= w;
  }
  return 'O';
}

const dayTables = new Map<string, string[]>();

/** n -> the date n days before `today` (0 <= n <= 66 years), from a table built once. */
function dayTable(today: string): (n: number) => string {
  let table = dayTables.get(today);
  if (!table) {
    table = Array.from({ length: 66 * 366 }, (_, n) => addDays(today, -n));
    dayTables.set(today, table);
  }
  const t = table;
  return (n) => t[n];
}

/**
 * One batch of donors [from, to) and their donations. Donation dates fall in
 * the last five years, at least 8 weeks apart; the last 20 days' donations
 * have no results yet.
 */
function generateBatch(from: number, to: number, today: string, state: { numero: number }) {
  const d: DonanteRows = {
    id: [],
    nombre: [],
    apellido: [],
    dni: [],
    fechaNacimiento: [],
    sexo: [],
    domActual: [],
    altura: [],
    localidad: [],
    provincia: [],
    codPostal: [],
    telefono: [],
    email: [],
    ocupacion: [],
    esVoluntario: [],
    ultimaDonacion: [],
  };
  const x: DonacionRows = {
    id: [],
    donanteId: [],
    numero: [],
    fecha: [],
    hora: [],
    tas: [],
    tad: [],
    fc: [],
    peso: [],
    temp: [],
    hb: [],
    hto: [],
    tipoBolsa: [],
    lote: [],
    abo: [],
    rh: [],
    serologia: [],
  };
  const span = 5 * 365;
  // addDays is exact but slow for millions of rows: one table of "today - n days".
  const ago = dayTable(today);
  for (let i = from; i < to; i++) {
    const r = prng(i * 2654435761 + 17);
    const id = randomUUID();
    const sexo = r() < 0.5 ? 'Femenino' : 'Masculino';
    const nom = nombre(r, sexo);
    const ape = apellido(r);
    d.id.push(id);
    d.nombre.push(nom);
    d.apellido.push(ape);
    // Unique and realistic: 8 digits, increasing with a random step.
    d.dni.push(String(10_000_000 + i * 37 + int(r, 0, 36)));
    // 16 to 65 years old today (a few days inside the bounds).
    d.fechaNacimiento.push(ago(int(r, 16 * 365 + 10, 65 * 365 + 5)));
    d.sexo.push(sexo);
    d.domActual.push(pick(r, CALLES));
    d.altura.push(String(int(r, 1, 4999)));
    d.localidad.push(pick(r, LOCALIDADES));
    d.provincia.push(r() < 0.6 ? 'Tucumán' : pick(r, PROVINCIAS));
    d.codPostal.push(String(int(r, 1000, 9431)));
    d.telefono.push(`381${int(r, 4000000, 6999999)}`);
    d.email.push(r() < 0.6 ? `donante${i}@correo.test` : null);
    d.ocupacion.push(pick(r, OCUPACIONES));
    d.esVoluntario.push(r() < 0.7 ? 'Si' : 'No');

    // ~3 donations (1 to 5), >= 56 days apart, within the last five years, before today.
    const count = int(r, 1, 5);
    const days: number[] = [];
    for (let k = 0; k < count; k++) days.push(int(r, 1, span));
    days.sort((a, b) => b - a); // oldest first (days ago, descending)
    const fechas: string[] = [];
    let prev = Infinity;
    for (const back of days) {
      const at = Math.min(back, prev - 56);
      if (at < 1) break;
      fechas.push(ago(at));
      prev = at;
    }
    d.ultimaDonacion.push(fechas.length ? fechas[fechas.length - 1] : null);
    for (const fecha of fechas) {
      const recent = fecha > ago(20);
      x.id.push(randomUUID());
      x.donanteId.push(id);
      x.numero.push(++state.numero);
      x.fecha.push(fecha);
      x.hora.push(`${two(int(r, 7, 13))}:${two(int(r, 0, 59))}`);
      x.tas.push(int(r, 100, 150));
      x.tad.push(int(r, 60, 95));
      x.fc.push(int(r, 60, 95));
      x.peso.push(int(r, 52, 110));
      x.temp.push(36 + int(r, 0, 9) / 10);
      x.hb.push(12 + int(r, 0, 40) / 10);
      x.hto.push(int(r, 36, 50));
      x.tipoBolsa.push(r() < 0.8 ? 'Bolsa Doble' : 'Bolsa Triple');
      x.lote.push(`L${fecha.slice(0, 4)}-${int(r, 100, 999)}`);
      if (recent) {
        x.abo.push('');
        x.rh.push('');
        x.serologia.push(null);
      } else {
        x.abo.push(abo(r));
        x.rh.push(r() < 0.9 ? 'POSITIVO' : 'NEGATIVO');
        const chagas = r() < 0.01;
        x.serologia.push(
          JSON.stringify({
            hiv: false,
            hepB: false,
            hepC: false,
            vdrl: false,
            brucelosis: false,
            chagas,
            htlv: false,
          }),
        );
      }
    }
  }
  return { d, x };
}

// ---------------------------------------------------------------------------
// Loading

const INSERT_DONANTES = `
  INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, dom_actual,
    dom_actual_altura, localidad_actual, provincia_actual, cod_postal, telefono, email, nacionalidad,
    ocupacion, es_voluntario, ultima_donacion, donacion_anterior)
  SELECT u.id, $1, u.nombre, u.apellido, u.dni, u.fn, u.sexo, u.dom, u.alt, u.loc, u.prov, u.cp, u.tel,
    u.email, 'Argentina', u.ocup, u.vol, u.ult, u.ult IS NOT NULL
  FROM unnest($2::uuid[], $3::text[], $4::text[], $5::text[], $6::date[], $7::text[], $8::text[],
    $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[], $16::text[],
    $17::date[]) AS u(id, nombre, apellido, dni, fn, sexo, dom, alt, loc, prov, cp, tel, email, ocup, vol, ult)`;

const INSERT_DONACIONES = `
  INSERT INTO donacion (id, servicio_id, registrado_por, donante_id, numero, fecha, hora, ta_sistolica,
    ta_diastolica, fc, peso, temp, hb, hto, tipo_bolsa, lote_bolsa, abo, rh, serologia, created_at, updated_at)
  SELECT u.id, $1, $2, u.donante, u.numero, u.fecha, u.hora, u.tas, u.tad, u.fc, u.peso, u.temp, u.hb, u.hto,
    u.bolsa, u.lote, u.abo, u.rh, u.sero, u.fecha + u.hora, u.fecha + u.hora
  FROM unnest($3::uuid[], $4::uuid[], $5::int[], $6::date[], $7::time[], $8::numeric[], $9::numeric[],
    $10::numeric[], $11::numeric[], $12::numeric[], $13::numeric[], $14::numeric[], $15::text[], $16::text[],
    $17::text[], $18::text[], $19::jsonb[])
    AS u(id, donante, numero, fecha, hora, tas, tad, fc, peso, temp, hb, hto, bolsa, lote, abo, rh, sero)`;

export type SeedResult = {
  servicio: string;
  username: string;
  password: string;
  donors: number;
  donations: number;
  seconds: number;
};

export type SeedOptions = {
  donors: number;
  /** Drop and rebuild secondary indexes around the load (default: when donors >= 50,000). */
  rebuildIndexes?: boolean;
  log?: (line: string) => void;
};

/** Seeds a new servicio on the database at `url` (migrations are applied first). */
export async function seedPerf(url: string, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const started = Date.now();
  const dataSource = await connectDatabase(url);
  let servicio: string;
  const username = `${PERF_USER_PREFIX}${options.donors}_${randomBytes(3).toString('hex')}`;
  try {
    const services = createServices(dataSource, randomBytes(32).toString('hex'));
    const { usuario } = await services.auth.register(
      {
        nombre: `Hemoterapia de prueba (${options.donors.toLocaleString('es-AR')} donantes)`,
        username,
        email: `${username}@hospital.test`,
        password: PERF_PASSWORD,
        password2: PERF_PASSWORD,
      },
      '127.0.0.1',
    );
    servicio = usuario.servicioId;
  } finally {
    await dataSource.destroy();
  }

  const client = new Client({ connectionString: url, application_name: 'seed-perf' });
  await client.connect();
  const today = todayIso();
  const state = { numero: 0 };
  let donations = 0;
  const rebuild = options.rebuildIndexes ?? options.donors >= 50_000;
  let dropped: { name: string; def: string }[] = [];
  try {
    await client.query(`SET synchronous_commit = off`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    // Skip the per-row foreign-key triggers (the generated rows are consistent by construction).
    const replica = await client
      .query(`SET session_replication_role = replica`)
      .then(() => true)
      .catch(() => false);
    // Numbers continue after the servicio's counter (a fresh servicio starts at 0).
    const [counter] = (
      await client.query(`SELECT ultimo FROM etiqueta_contador WHERE servicio_id = $1`, [servicio])
    ).rows;
    state.numero = counter ? Number(counter.ultimo) : 0;

    if (rebuild) {
      const { rows } = await client.query<{ indexname: string; indexdef: string }>(
        `SELECT i.indexname, i.indexdef FROM pg_indexes i
          WHERE i.schemaname = current_schema() AND i.tablename IN ('donante', 'donacion')
            AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
      );
      dropped = rows.map((r) => ({ name: r.indexname, def: r.indexdef }));
      for (const index of dropped) await client.query(`DROP INDEX "${index.name}"`);
      log(`Índices secundarios quitados durante la carga: ${dropped.length}`);
    }

    // Generate batch k+1 while Postgres inserts batch k.
    let next = generateBatch(0, Math.min(BATCH, options.donors), today, state);
    for (let from = 0; from < options.donors; from += BATCH) {
      const { d, x } = next;
      const insert = (async () => {
        await client.query('BEGIN');
        await client.query(INSERT_DONANTES, [
          servicio,
          d.id,
          d.nombre,
          d.apellido,
          d.dni,
          d.fechaNacimiento,
          d.sexo,
          d.domActual,
          d.altura,
          d.localidad,
          d.provincia,
          d.codPostal,
          d.telefono,
          d.email,
          d.ocupacion,
          d.esVoluntario,
          d.ultimaDonacion,
        ]);
        await client.query(INSERT_DONACIONES, [
          servicio,
          servicio,
          x.id,
          x.donanteId,
          x.numero,
          x.fecha,
          x.hora,
          x.tas,
          x.tad,
          x.fc,
          x.peso,
          x.temp,
          x.hb,
          x.hto,
          x.tipoBolsa,
          x.lote,
          x.abo,
          x.rh,
          x.serologia,
        ]);
        await client.query('COMMIT');
      })();
      const to = Math.min(from + BATCH, options.donors);
      if (to < options.donors) {
        next = generateBatch(to, Math.min(to + BATCH, options.donors), today, state);
      }
      await insert;
      donations += x.id.length;
      if ((to / BATCH) % 10 === 0 || to === options.donors) {
        log(
          `  ${to.toLocaleString('es-AR')} donantes, ${donations.toLocaleString('es-AR')} donaciones (${((Date.now() - started) / 1000).toFixed(0)} s)`,
        );
      }
    }
    if (replica) await client.query(`SET session_replication_role = origin`);

    await client.query(
      `INSERT INTO etiqueta_contador AS c (servicio_id, ultimo) VALUES ($1, $2)
       ON CONFLICT (servicio_id) DO UPDATE SET ultimo = GREATEST(c.ultimo, EXCLUDED.ultimo)`,
      [servicio, state.numero],
    );
    for (const index of dropped) {
      const t = Date.now();
      await client.query(index.def);
      log(`  índice ${index.name} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    }
    dropped = [];
    await client.query(`ANALYZE donante`);
    await client.query(`ANALYZE donacion`);
  } finally {
    // Never leave the schema without its indexes, even if the load failed.
    for (const index of dropped) await client.query(index.def).catch(() => {});
    await client.end();
  }
  return {
    servicio,
    username,
    password: PERF_PASSWORD,
    donors: options.donors,
    donations,
    seconds: (Date.now() - started) / 1000,
  };
}

export async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv);
  const donors = Math.trunc(numberArg(args, 'donors', 10_000));
  const db = await openDatabase(args);
  try {
    console.log(`Cargando ${donors.toLocaleString('es-AR')} donantes en ${db.where}`);
    const result = await seedPerf(db.url, { donors, log: (line) => console.log(line) });
    console.log(
      `Listo en ${result.seconds.toFixed(1)} s: ${result.donors.toLocaleString('es-AR')} donantes, ` +
        `${result.donations.toLocaleString('es-AR')} donaciones.`,
    );
    console.log(`Servicio ${result.servicio}\n  usuario: ${result.username}\n  clave:   ${result.password}`);
    return 0;
  } finally {
    await db.stop();
  }
}
