/**
 * `npm run seed:perf -- --donors N [--database-url URL | --data-dir DIR]`
 *
 * Fills ONE new servicio (registered through the real CuentaService, so its
 * administrator can log in) with N realistic donors and about 3 donations each
 * over the last five years, with results, through `COPY ... FROM STDIN`
 * (see seedPerf). Prints the time of each phase.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { connectDatabase } from '../../server/src/database/data-source';
import { addDays, todayIso } from '../../server/src/domain/dates';
import { PROVINCIAS } from '../../server/src/domain/donante';
import { createServices, entities } from '../../server/src/services';
import { openDatabase } from './db';
import { numberArg, parseArgs } from './util';

/** Every seeded administrator gets this password (printed by the seed). */
export const PERF_PASSWORD = 'clave-perf-2026';
/** Seeded administrators' usernames start with this; the bench logs in as the newest. */
export const PERF_USER_PREFIX = 'perf_';
/** Donations created by the bench carry this lot, so a run can remove them afterwards. */
export const BENCH_LOTE = 'BENCH';

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

// Texts that repeat across millions of donation rows, built once.
/** 'HH:MM' from 07:00 to 13:59: HORAS[(h - 7) * 60 + m]. */
const HORAS = Array.from({ length: 7 * 60 }, (_, k) => `${two(7 + Math.floor(k / 60))}:${two(k % 60)}`);
/** 36.0 to 36.9 °C. */
const TEMPS = Array.from({ length: 10 }, (_, k) => `36.${k}`);
/** 12.0 to 16.0 g/dL. */
const HBS = Array.from({ length: 41 }, (_, k) => `${12 + Math.floor(k / 10)}.${k % 10}`);
/** The serology with chagas negative [0] or positive [1]. */
const SEROLOGIA = [false, true].map((chagas) =>
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

// ---------------------------------------------------------------------------
// COPY text format: one line per row, columns separated by tabs, \N for NULL.
// The generated values never contain a tab, a newline or a backslash, so they
// need no escaping. The column lists are explicit: the table's generated
// columns (apellido_busqueda, nombre_busqueda) are computed by Postgres.

const NULL = '\\N';

/** Each donor is its own person (persona_id: the donor's id; migration 1764000000000). */
const COPY_DONANTES = `COPY donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, dom_actual,
  dom_actual_altura, localidad_actual, provincia_actual, cod_postal, telefono, email, nacionalidad, ocupacion,
  es_voluntario, ultima_donacion, donacion_anterior, persona_id) FROM STDIN`;

const COPY_DONACIONES = `COPY donacion (id, servicio_id, registrado_por, donante_id, numero, fecha, hora,
  ta_sistolica, ta_diastolica, fc, peso, temp, hb, hto, tipo_bolsa, lote_bolsa, abo, rh, serologia, created_at,
  updated_at, fecha_anterior) FROM STDIN`;

type GenContext = {
  /** n -> the date n days ago. */
  ago: (n: number) => string;
  /** `\t<servicio>\t`, after a donor's id. */
  donorPrefix: string;
  /** `\t<servicio>\t<usuario>\t`, after a donation's id. */
  donationPrefix: string;
  /** The last donation number used. */
  numero: number;
};

/**
 * COPY text written row by row into large buffers, so that no long string
 * survives (building megabyte strings with += kept the garbage collector busier
 * than the generation itself).
 */
class TextSink {
  private chunks: Buffer[] = [];
  private buf = Buffer.allocUnsafe(SINK_BYTES);
  private at = 0;

  add(row: string): void {
    // 3 bytes per UTF-16 unit is the UTF-8 worst case.
    if (this.at + row.length * 3 > this.buf.length) this.seal();
    this.at += this.buf.write(row, this.at);
  }

  /** The text added since the last take(). */
  take(): Buffer[] {
    this.seal();
    const out = this.chunks;
    this.chunks = [];
    return out;
  }

  private seal(): void {
    if (this.at === 0) return;
    this.chunks.push(this.buf.subarray(0, this.at));
    this.buf = Buffer.allocUnsafe(SINK_BYTES);
    this.at = 0;
  }
}

const SINK_BYTES = 1 << 20;

type Chunk = { donantes: Buffer[]; donaciones: Buffer[]; donations: number };

const SPAN = 5 * 365;

/**
 * Donors [from, to) and their donations, as COPY text. Each donor draws from its
 * own PRNG stream (seeded by its position), so the data do not depend on the
 * chunk size. Donation dates fall in the last five years, at least 8 weeks
 * apart; the last 20 days' donations have no results yet.
 */
function generateChunk(from: number, to: number, ctx: GenContext): Chunk {
  const { ago, donorPrefix, donationPrefix } = ctx;
  const days = [0, 0, 0, 0, 0];
  const donantes = new TextSink();
  const donaciones = new TextSink();
  let donations = 0;
  for (let i = from; i < to; i++) {
    const r = prng(i * 2654435761 + 17);
    const id = randomUUID();
    const sexo = r() < 0.5 ? 'Femenino' : 'Masculino';
    const nom = nombre(r, sexo);
    const ape = apellido(r);
    // Unique and realistic: 8 digits, increasing with a random step.
    const dni = 10_000_000 + i * 37 + int(r, 0, 36);
    // 16 to 65 years old today (a few days inside the bounds).
    const nacimiento = ago(int(r, 16 * 365 + 10, 65 * 365 + 5));
    const calle = pick(r, CALLES);
    const altura = int(r, 1, 4999);
    const localidad = pick(r, LOCALIDADES);
    const provincia = r() < 0.6 ? 'Tucumán' : pick(r, PROVINCIAS);
    const codPostal = int(r, 1000, 9431);
    const telefono = int(r, 4000000, 6999999);
    const email = r() < 0.6 ? `donante${i}@correo.test` : NULL;
    const ocupacion = pick(r, OCUPACIONES) ?? NULL;
    const voluntario = r() < 0.7 ? 'Si' : 'No';

    // ~3 donations (1 to 5), >= 56 days apart, within the last five years, before today.
    const count = int(r, 1, 5);
    for (let k = 0; k < count; k++) {
      // Insertion sort, oldest first (days ago, descending).
      const v = int(r, 1, SPAN);
      let j = k;
      for (; j > 0 && days[j - 1] < v; j--) days[j] = days[j - 1];
      days[j] = v;
    }
    let prev = Infinity;
    let ultima = NULL;
    // The donor's previous donation (fecha_anterior, migration 1763890000000): written here, the
    // roll-up's rebuild at the end finds every row already right and rewrites none.
    let anterior = NULL;
    for (let k = 0; k < count; k++) {
      const at = Math.min(days[k], prev - 56);
      if (at < 1) break;
      prev = at;
      const fecha = ago(at);
      ultima = fecha;
      const h = int(r, 7, 13);
      const hora = HORAS[(h - 7) * 60 + int(r, 0, 59)];
      const tas = int(r, 100, 150);
      const tad = int(r, 60, 95);
      const fc = int(r, 60, 95);
      const peso = int(r, 52, 110);
      const temp = TEMPS[int(r, 0, 9)];
      const hb = HBS[int(r, 0, 40)];
      const hto = int(r, 36, 50);
      const bolsa = r() < 0.8 ? 'Bolsa Doble' : 'Bolsa Triple';
      const lote = `L${fecha.slice(0, 4)}-${int(r, 100, 999)}`;
      // The last 20 days' donations have no results yet.
      const resultados =
        at < 20
          ? `\t\t${NULL}`
          : `${abo(r)}\t${r() < 0.9 ? 'POSITIVO' : 'NEGATIVO'}\t${SEROLOGIA[r() < 0.01 ? 1 : 0]}`;
      const at2 = `${fecha} ${hora}`;
      donaciones.add(
        `${randomUUID()}${donationPrefix}${id}\t${++ctx.numero}\t${fecha}\t${hora}\t${tas}\t${tad}\t${fc}\t` +
          `${peso}\t${temp}\t${hb}\t${hto}\t${bolsa}\t${lote}\t${resultados}\t${at2}\t${at2}\t${anterior}\n`,
      );
      anterior = fecha;
      donations++;
    }
    donantes.add(
      `${id}${donorPrefix}${nom}\t${ape}\t${dni}\t${nacimiento}\t${sexo}\t${calle}\t${altura}\t${localidad}\t` +
        `${provincia}\t${codPostal}\t381${telefono}\t${email}\tArgentina\t${ocupacion}\t${voluntario}\t${ultima}\t` +
        `${ultima === NULL ? 'f' : 't'}\t${id}\n`,
    );
  }
  return { donantes: donantes.take(), donaciones: donaciones.take(), donations };
}

// ---------------------------------------------------------------------------
// Loading

/** One `COPY ... FROM STDIN` on a connection, fed with text chunks. */
class CopyIn {
  private readonly stream: Writable;
  private readonly done: Promise<void>;

  constructor(client: Client, sql: string) {
    this.stream = client.query(copyFrom(sql));
    this.done = finished(this.stream);
    // Failures surface from write() or end().
    this.done.catch(() => {});
  }

  /** Queues text; resolves once the connection has taken it in (not when Postgres has stored it). */
  write(chunks: Buffer[]): Promise<void> {
    for (const chunk of chunks) this.stream.write(chunk);
    if (!this.stream.writableNeedDrain) return Promise.resolve();
    return Promise.race([once(this.stream, 'drain').then(() => {}), this.done]);
  }

  /** Cancels the COPY if it is still open (CopyFail: Postgres rolls it back). */
  async abort(): Promise<void> {
    if (!this.stream.writableFinished) this.stream.destroy();
    await this.done.catch(() => {});
  }

  /** Ends the COPY; resolves when Postgres has committed it. */
  end(): Promise<void> {
    this.stream.end();
    return this.done;
  }
}

async function copyText(client: Client, sql: string, chunks: Buffer[]): Promise<void> {
  const copy = new CopyIn(client, sql);
  await copy.write(chunks);
  await copy.end();
}

/** Donors per generated chunk: small enough to keep memory flat, big enough to amortize the writes. */
const CHUNK = 5_000;

/** Something dropped for the load and created again at the end. */
type Dropped = { kind: 'index' | 'key' | 'fk'; table: string; name: string; create: string };

/** `CREATE [UNIQUE] INDEX name ...` -> `CREATE [UNIQUE] INDEX IF NOT EXISTS name ...`. */
const ifNotExists = (def: string) => def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS ');

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Secondary indexes, primary keys / unique constraints of donante, donacion and
 * donante_clave, and the foreign keys that depend on those keys, as the catalogue lists them
 * (whatever the migrations created), with the statements that recreate them.
 */
async function droppable(client: Client): Promise<Dropped[]> {
  const { rows } = await client.query<Dropped>(
    `SELECT 'fk' AS kind, c.conrelid::regclass::text AS table, c.conname AS name,
            format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname,
                   pg_get_constraintdef(c.oid)) AS create
       FROM pg_constraint c
      WHERE c.contype = 'f' AND c.confrelid IN ('donante'::regclass, 'donacion'::regclass, 'donante_clave'::regclass)
     UNION ALL
     SELECT 'key', c.conrelid::regclass::text, c.conname,
            format('ALTER TABLE %s ADD CONSTRAINT %I %s', c.conrelid::regclass, c.conname,
                   pg_get_constraintdef(c.oid))
       FROM pg_constraint c
      WHERE c.contype IN ('p', 'u')
        AND c.conrelid IN ('donante'::regclass, 'donacion'::regclass, 'donante_clave'::regclass)
     UNION ALL
     SELECT 'index', i.tablename, i.indexname, i.indexdef
       FROM pg_indexes i
      WHERE i.schemaname = current_schema() AND i.tablename IN ('donante', 'donacion', 'donante_clave')
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`,
  );
  return rows;
}

async function drop(client: Client, item: Dropped): Promise<void> {
  if (item.kind === 'index') await client.query(`DROP INDEX ${quoteIdent(item.name)}`);
  else await client.query(`ALTER TABLE ${item.table} DROP CONSTRAINT ${quoteIdent(item.name)}`);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Build order: GIN indexes and keys (the longest) first, then the rest; foreign keys last, after their keys. */
const buildRank = (item: Dropped) =>
  item.kind === 'fk' ? 3 : /USING gin/i.test(item.create) ? 0 : item.kind === 'key' ? 1 : 2;

/**
 * The servicio's blood components, set-wise in SQL (a few statements, whatever the size): each
 * donation of the last year split into red cells and plasma, and one in three also into platelets,
 * with the product's shelf life. The last two days' units wait in quarantine; those of the last
 * ~40 days are in stock (released, not expired; the oldest red cells expiring soon), but one in
 * four already dispatched to a hospital and the platelets past their five days discarded as
 * expired; older ones were dispatched (and transfused) or, one in ten, expired. Each day's
 * dispatched units travel in one dispatch note. Identifiers follow the product's layout, with a
 * fixed check character (nothing here verifies it). Gives how many units were made.
 */
export async function seedComponentes(client: Client, servicio: string, usuarioId: string): Promise<number> {
  const productos = `(VALUES ('GLOBULOS_ROJOS', 'GR1', 280, 42, 0), ('PLASMA_FRESCO_CONGELADO', 'PF1', 220, 365, 1),
                             ('PLAQUETAS', 'PQ1', 50, 5, 2)) AS p(tipo, producto, volumen, dias, orden)`;
  await client.query('BEGIN');
  try {
    await client.query(
      `CREATE TEMP TABLE seed_despacho (fecha date PRIMARY KEY, id uuid NOT NULL) ON COMMIT DROP`,
    );
    await client.query(
      `INSERT INTO seed_despacho (fecha, id)
       SELECT f::date, gen_random_uuid() FROM generate_series(current_date - 365, current_date - 2, interval '1 day') f`,
    );
    await client.query(
      `INSERT INTO despacho (id, servicio_id, destino_tipo, destino_nombre, despachado_por, despachado_en)
       SELECT id, $1, 'HOSPITAL', 'Hospital Regional de Prueba', $2, least(fecha + 2, current_date) + time '10:00'
         FROM seed_despacho`,
      [servicio, usuarioId],
    );
    const { rowCount } = await client.query(
      `WITH u AS (
         SELECT d.id AS donacion_id, d.fecha, d.numero, p.*, current_date - d.fecha AS edad,
                (d.fecha + p.dias + time '12:00')::timestamptz AS vence,
                s.codigo_instalacion || to_char(d.fecha, 'YY') || lpad(d.numero::text, greatest(6, length(d.numero::text)), '0') || p.producto || '0'
                  AS codigo
           FROM donacion d JOIN servicio s ON s.id = d.servicio_id CROSS JOIN ${productos}
          WHERE d.servicio_id = $1 AND d.deleted_at IS NULL AND d.fecha >= current_date - 365
            AND (p.producto <> 'PQ1' OR d.numero % 3 = 0)
       ), e AS (
         SELECT u.*,
                CASE
                  WHEN edad <= 1 THEN 'CUARENTENA'
                  WHEN vence <= now() OR (edad > 40 AND numero % 10 = 0) THEN 'DESCARTADO'
                  WHEN edad > 40 OR (numero + orden) % 4 = 0 THEN 'DESPACHADO'
                  ELSE 'LIBERADO'
                END AS estado
           FROM u
       )
       INSERT INTO componente (servicio_id, donacion_id, tipo, codigo_producto, codigo, volumen, producido_en, vence_en,
                               estado, motivo_descarte, liberado_por, liberado_en, descartado_en, despacho_id)
       SELECT $1, e.donacion_id, e.tipo, e.producto, e.codigo, e.volumen, e.fecha + time '14:00', e.vence, e.estado,
              CASE WHEN e.estado = 'DESCARTADO' THEN 'VENCIMIENTO' END,
              CASE WHEN e.estado <> 'CUARENTENA' THEN $2::uuid END,
              CASE WHEN e.estado <> 'CUARENTENA' THEN e.fecha + 1 + time '09:00' END,
              CASE WHEN e.estado = 'DESCARTADO' THEN least(e.vence, now()) END,
              CASE WHEN e.estado = 'DESPACHADO' THEN x.id END
         FROM e LEFT JOIN seed_despacho x ON x.fecha = e.fecha`,
      [servicio, usuarioId],
    );
    await client.query(
      `INSERT INTO despacho_componente (despacho_id, componente_id, estado, cerrado_por, cerrado_en)
       SELECT c.despacho_id, c.id, CASE WHEN c.producido_en < now() - interval '40 days' THEN 'TRANSFUNDIDO' ELSE 'EN_DESTINO' END,
              CASE WHEN c.producido_en < now() - interval '40 days' THEN $2::uuid END,
              CASE WHEN c.producido_en < now() - interval '40 days' THEN c.producido_en + interval '5 days' END
         FROM componente c WHERE c.servicio_id = $1 AND c.estado = 'DESPACHADO'`,
      [servicio, usuarioId],
    );
    // One ledger entry per key, as the server's periodic compaction leaves them (migrations
    // 1764950000000 and 1764960000000).
    await client.query(`SELECT stock_compactar($1)`, [servicio]);
    await client.query(`SELECT componente_diario_compactar($1)`, [servicio]);
    await client.query('COMMIT');
    return rowCount ?? 0;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

export type SeedResult = {
  servicio: string;
  username: string;
  password: string;
  donors: number;
  donations: number;
  /** Blood components made for the donations of the last year (seedComponentes). */
  components: number;
  seconds: number;
};

export type SeedOptions = {
  donors: number;
  /**
   * The position of the first donor (default 0). A donor's data (DNI, name, birth date, donations)
   * follow from its position, so servicios seeded at overlapping positions share those persons, as
   * a network's members share the donors who give blood at more than one of them.
   */
  primerDonante?: number;
  /** Drop and rebuild indexes and keys around the load (default: when donors >= 50,000). */
  rebuildIndexes?: boolean;
  log?: (line: string) => void;
};

/**
 * Seeds a new servicio on the database at `url` (migrations are applied first).
 *
 * Rows travel through `COPY ... FROM STDIN` (text format) while they are being
 * generated: Node builds chunk k+1 while Postgres ingests chunk k. When the
 * session may skip the foreign-key triggers (session_replication_role =
 * replica, superuser), donors go through one COPY and donations through two
 * more (alternate chunks), each on its own connection, so that Postgres
 * ingests on several backends at once; otherwise each chunk's donors are
 * copied (and committed) before its donations on one connection. For big loads
 * the secondary indexes, the primary keys and the foreign keys that depend on
 * them (whatever the catalogue lists) are dropped first and recreated at the
 * end from their own definitions, two builds at a time, then ANALYZE.
 */
export async function seedPerf(url: string, options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const since = () => seconds(performance.now() - started);
  const dataSource = await connectDatabase(url, { entities });
  let servicio: string;
  let usuarioId: string;
  const username = `${PERF_USER_PREFIX}${options.donors}_${randomBytes(3).toString('hex')}`;
  try {
    const services = createServices(dataSource, randomBytes(32).toString('hex'));
    const { usuario } = await services.cuenta.register(
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
    usuarioId = usuario.id;
    await services.close();
  } finally {
    await dataSource.destroy();
  }

  const clients = [0, 1, 2].map(() => new Client({ connectionString: url, application_name: 'seed-perf' }));
  await Promise.all(clients.map((c) => c.connect()));
  const [client] = clients;
  const rebuild = options.rebuildIndexes ?? options.donors >= 50_000;
  let dropped: Dropped[] = [];
  let streams: CopyIn[] = [];
  let donations = 0;
  const phase = {
    generation: 0,
    wait: 0,
    donantes: 0,
    donaciones: 0,
    load: 0,
    claves: 0,
    indexes: 0,
    fks: 0,
    indicadores: 0,
    componentes: 0,
    analyze: 0,
  };
  let componentes = 0;
  try {
    for (const c of clients) {
      await c.query(`SET synchronous_commit = off`);
      await c.query(`SET maintenance_work_mem = '512MB'`);
      await c.query(`SET max_parallel_maintenance_workers = 1`);
    }
    // Skip the per-row foreign-key triggers (the generated rows are consistent by construction).
    const replica = (
      await Promise.all(
        clients.map((c) =>
          c
            .query(`SET session_replication_role = replica`)
            .then(() => true)
            .catch(() => false),
        ),
      )
    ).every(Boolean);
    // The indicators' roll-up is counted once at the end (indicador_reconstruir), not per chunk.
    await client.query(`ALTER TABLE donacion DISABLE TRIGGER USER`);
    // Numbers continue after the servicio's counter (a fresh servicio starts at 0).
    const [counter] = (
      await client.query(`SELECT ultimo FROM etiqueta_contador WHERE servicio_id = $1`, [servicio])
    ).rows;
    const ctx: GenContext = {
      ago: dayTable(todayIso()),
      donorPrefix: `\t${servicio}\t`,
      donationPrefix: `\t${servicio}\t${usuarioId}\t`,
      numero: counter ? Number(counter.ultimo) : 0,
    };

    if (rebuild) {
      // Foreign keys before the keys they depend on.
      const found = (await droppable(client)).sort(
        (a, b) => Number(b.kind === 'fk') - Number(a.kind === 'fk'),
      );
      for (const item of found) {
        await drop(client, item);
        dropped.push(item);
      }
      log(`Quitados durante la carga: ${dropped.map((d) => d.name).join(', ')}`);
    }

    // Generate chunk k+1 while the connections send chunk k.
    const loadStart = performance.now();
    const parallel = replica
      ? [COPY_DONANTES, COPY_DONACIONES, COPY_DONACIONES].map((sql, i) => new CopyIn(clients[i], sql))
      : null;
    streams = parallel ?? [];
    let inFlight: Promise<unknown> = Promise.resolve();
    const primero = options.primerDonante ?? 0;
    for (let from = 0, k = 0; from < options.donors; from += CHUNK, k++) {
      const to = Math.min(from + CHUNK, options.donors);
      const t = performance.now();
      const chunk = generateChunk(primero + from, primero + to, ctx);
      phase.generation += performance.now() - t;
      const w = performance.now();
      await inFlight;
      phase.wait += performance.now() - w;
      inFlight = parallel
        ? Promise.all([parallel[0].write(chunk.donantes), parallel[1 + (k % 2)].write(chunk.donaciones)])
        : copyText(client, COPY_DONANTES, chunk.donantes).then(() =>
            copyText(client, COPY_DONACIONES, chunk.donaciones),
          );
      donations += chunk.donations;
      if (to % 100_000 === 0 || to === options.donors) {
        log(
          `  ${to.toLocaleString('es-AR')} donantes, ${donations.toLocaleString('es-AR')} donaciones (${since()})`,
        );
      }
    }
    await inFlight;
    if (parallel) {
      await Promise.all([
        parallel[0].end().then(() => (phase.donantes = performance.now() - loadStart)),
        Promise.all([parallel[1].end(), parallel[2].end()]).then(
          () => (phase.donaciones = performance.now() - loadStart),
        ),
      ]);
    }
    phase.load = performance.now() - loadStart;
    if (replica) await Promise.all(clients.map((c) => c.query(`SET session_replication_role = origin`)));

    // The later-word search keys (donante_clave) and the persons: the triggers that keep them
    // did not run in replica mode, so they are made here in one statement each.
    let t = performance.now();
    if (replica) {
      await client.query(
        `INSERT INTO persona (id, servicio_id) SELECT persona_id, servicio_id FROM donante WHERE servicio_id = $1`,
        [servicio],
      );
      await client.query(
        `INSERT INTO persona_identificador (servicio_id, dni, persona_id)
         SELECT servicio_id, dni, persona_id FROM donante WHERE servicio_id = $1`,
        [servicio],
      );
      await client.query(
        `INSERT INTO donante_clave (donante_id, servicio_id, apellido, nombre, apellido_entero, nombre_entero,
                                    donante_apellido, donante_nombre)
         SELECT d.id, d.servicio_id, k.apellido_clave, k.nombre_clave, k.apellido_entero, k.nombre_entero,
                d.apellido_busqueda, d.nombre_busqueda
           FROM donante d CROSS JOIN LATERAL donante_claves(d.apellido_busqueda, d.nombre_busqueda) k
          WHERE d.servicio_id = $1 AND d.deleted_at IS NULL`,
        [servicio],
      );
    }
    phase.claves = performance.now() - t;

    await client.query(
      `INSERT INTO etiqueta_contador AS c (servicio_id, ultimo) VALUES ($1, $2)
       ON CONFLICT (servicio_id) DO UPDATE SET ultimo = GREATEST(c.ultimo, EXCLUDED.ultimo)`,
      [servicio, ctx.numero],
    );

    // Two builds at a time (one per connection, one per core), the longest first.
    const build = async (items: Dropped[]) => {
      const queue = [...items].sort((a, b) => buildRank(a) - buildRank(b));
      await Promise.all(
        clients.slice(0, 2).map(async (c) => {
          for (let item = queue.shift(); item; item = queue.shift()) {
            const t = performance.now();
            await c.query(item.create);
            dropped = dropped.filter((d) => d !== item);
            log(`  ${item.name} (${seconds(performance.now() - t)})`);
          }
        }),
      );
    };
    t = performance.now();
    await build(dropped.filter((d) => d.kind !== 'fk'));
    phase.indexes = performance.now() - t;
    t = performance.now();
    await build(dropped.filter((d) => d.kind === 'fk'));
    phase.fks = performance.now() - t;
    t = performance.now();
    // Counted while donacion's triggers are still off: setting every donation's previous one fires none.
    await client.query(`SELECT indicador_reconstruir($1)`, [servicio]);
    await client.query(`ALTER TABLE donacion ENABLE TRIGGER USER`);
    phase.indicadores = performance.now() - t;
    t = performance.now();
    componentes = await seedComponentes(client, servicio, usuarioId);
    phase.componentes = performance.now() - t;
    log(`  ${componentes.toLocaleString('es-AR')} componentes (${seconds(phase.componentes)})`);
    t = performance.now();
    // VACUUM too: index-only scans need the visibility map, as autovacuum would leave it.
    await Promise.all([
      clients[0].query(`VACUUM ANALYZE donante`).then(() => clients[0].query(`VACUUM ANALYZE donante_clave`)),
      clients[1]
        .query(`VACUUM ANALYZE donacion`)
        .then(() => clients[1].query(`VACUUM ANALYZE indicador_diario`))
        .then(() => clients[1].query(`VACUUM ANALYZE componente, despacho, despacho_componente`)),
    ]);
    phase.analyze = performance.now() - t;
    log(
      `Tiempos: carga ${seconds(phase.load)} (${parallel ? 'COPY en paralelo' : 'COPY por tandas'}; ` +
        `generación en Node ${seconds(phase.generation)}, espera a Postgres ${seconds(phase.wait)}` +
        (parallel
          ? `; COPY donantes terminó a ${seconds(phase.donantes)}, COPY donaciones a ${seconds(phase.donaciones)}`
          : '') +
        `), claves de búsqueda ${seconds(phase.claves)}, índices y claves ${seconds(phase.indexes)}, ` +
        `claves foráneas ${seconds(phase.fks)}, indicadores ${seconds(phase.indicadores)}, ` +
        `componentes ${seconds(phase.componentes)}, ` +
        `VACUUM ANALYZE ${seconds(phase.analyze)}, total ${since()}`,
    );
  } finally {
    // A failed load: close the other COPY streams, so that the connections take queries again.
    await Promise.all(streams.map((s) => s.abort()));
    await client.query(`ALTER TABLE donacion ENABLE TRIGGER USER`).catch(() => {});
    // Never leave the schema without its indexes and keys, even if the load failed.
    for (const item of dropped.sort((a, b) => buildRank(a) - buildRank(b))) {
      await client.query(item.kind === 'index' ? ifNotExists(item.create) : item.create).catch(() => {});
    }
    await Promise.all(clients.map((c) => c.end()));
  }
  return {
    servicio,
    username,
    password: PERF_PASSWORD,
    donors: options.donors,
    donations,
    components: componentes,
    seconds: (performance.now() - started) / 1000,
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
        `${result.donations.toLocaleString('es-AR')} donaciones, ${result.components.toLocaleString('es-AR')} componentes.`,
    );
    console.log(`Servicio ${result.servicio}\n  usuario: ${result.username}\n  clave:   ${result.password}`);
    return 0;
  } finally {
    await db.stop();
  }
}
