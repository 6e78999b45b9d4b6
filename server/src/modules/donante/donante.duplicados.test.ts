import { randomUUID } from 'node:crypto';
import { addDays, formatDate, todayIso } from '../../domain/dates';
import { donanteDuplicadoMsg } from '../../domain/donante';
import { MSG } from '../../domain/messages';
import { canonicalizarDnis } from '../../database/migrations/1763830000000-dni-canonico';
import { GqlResult, registerServicio, Session, startTestServer, TestServer } from '../../test-utils/harness';
import { DONANTE_HIJAS, PARES_DNI_SQL, PARES_NOMBRE_SQL } from './donante.duplicados';
import { MOTIVO_DUPLICADO } from './donante.duplicados.types';

jest.setTimeout(120_000);

const CREATE = `mutation ($input: DonanteInput!) { createDonante(input: $input) { id dni } }`;
const SEARCH = `query ($f: DonanteFilter) { donantes(filter: $f) { total items { id dni } } }`;
const PARES = `query ($offset: Int, $limit: Int) {
  duplicadosDonantes(offset: $offset, limit: $limit) {
    total offset limit items { motivo a { id dni apellido } b { id dni apellido } }
  }
}`;
const FUSIONAR = `mutation ($c: ID!, $e: ID!) {
  fusionarDonantes(conservarId: $c, eliminarId: $e) { donacionesMovidas avisos donante { id dni ultimaDonacion donacionAnterior } }
}`;
const CREATE_DONACION = `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id numero } }`;
const RESTAURAR = `mutation ($id: ID!) { restaurarDonante(id: $id) { id } }`;
const UPDATE = `mutation ($id: ID!, $input: DonanteInput!) { updateDonante(id: $id, input: $input) { id dni } }`;
const RESULTADOS = `mutation ($id: ID!, $input: ResultadosDonacionInput!) {
  updateResultadosDonacion(id: $id, input: $input) { message }
}`;

type Par = { motivo: string; a: { id: string; dni: string }; b: { id: string; dni: string } };
type Pares = { duplicadosDonantes: { total: number; offset: number; limit: number; items: Par[] } };
type Fusion = {
  fusionarDonantes: {
    donacionesMovidas: number;
    avisos: string[];
    donante: { id: string; dni: string; ultimaDonacion: string | null; donacionAnterior: boolean };
  };
};

const NORMAL_SV = { tas: 120, tad: 80, fc: 72, peso: 70, temp: 36.5, hb: 13.5, hto: 40 };
const TODAY = todayIso();

let server: TestServer;
let s: Session;
let otro: Session;
let dniSeq = 40_000_000 + Math.floor(Math.random() * 1_000_000);
const nextDni = () => String((dniSeq += 11));
let numero = 0;

function ok<T>(res: GqlResult<T>): T {
  if (!res.data || res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data;
}
const msgOf = (res: GqlResult) => res.errors?.[0]?.extensions?.errors?.[0]?.msg ?? res.errors?.[0]?.message;
const codeOf = (res: GqlResult) => res.errors?.[0]?.extensions?.code;

async function crear(input: Record<string, unknown>, session: Session = s) {
  const data = ok(
    await server.gql<{ createDonante: { id: string; dni: string } }>(
      CREATE,
      { input: { nombre: 'Juan', apellido: 'Pérez', fechaNacimiento: '1990-05-10', ...input } },
      session.token,
    ),
  );
  return data.createDonante;
}

async function donar(donanteId: string, fecha: string, session: Session = s) {
  numero += 1;
  return ok(
    await server.gql<{ createDonacion: { id: string; numero: number } }>(
      CREATE_DONACION,
      {
        input: {
          donanteId,
          numero,
          fecha,
          hora: '10:00',
          plasmaCovid: false,
          sv: NORMAL_SV,
          tipoBolsa: 'Bolsa Doble',
          loteBolsa: 'L-1',
        },
      },
      session.token,
    ),
  ).createDonacion;
}

const donantesDe = async (servicio: string) =>
  Number(
    (await server.dataSource.query(`SELECT count(*) AS n FROM donante WHERE servicio_id = $1`, [servicio]))[0]
      .n,
  );

beforeAll(async () => {
  server = await startTestServer();
  s = await registerServicio(server);
  otro = await registerServicio(server);
  for (const t of [s, otro]) {
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100000) }`, {}, t.token));
  }
});
afterAll(() => server.close());

const LOOK_ALIKES = (dni: string) => [
  `${dni}\u200b`,
  `${dni}-`,
  [...dni].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join(''), // full-width digits
  `${dni.slice(0, 2)}.${dni.slice(2, 5)}.${dni.slice(5)}`,
  ` ${dni.slice(0, 2)} ${dni.slice(2)} `,
  `\ufeff${dni}`,
  `${dni.slice(0, 4)}\u2060${dni.slice(4)}`,
  `${dni.slice(0, 2)}\u00ad${dni.slice(2)}`,
  `${dni.slice(0, 2)}\u2013${dni.slice(2)}`,
  `${dni}\u00a0`,
  `${dni.slice(0, 2)}\u2010${dni.slice(2)}`,
  `${dni.slice(0, 2)}\u2011${dni.slice(2)}`,
  `${dni.slice(0, 2)}\u2012${dni.slice(2)}`,
  `${dni.slice(0, 2)}\u2014${dni.slice(2)}`,
  `${dni}\u2015`,
  `${dni.slice(0, 2)}\u2212${dni.slice(2)}`,
  `\u200c${dni}\u200d`,
  `${dni.slice(0, 3)}\u200e${dni.slice(3)}\u200f`,
  `${dni.slice(0, 2)}\u00a0${dni.slice(2, 5)}\u00a0${dni.slice(5)}`,
];

describe('one canonical DNI over both APIs', () => {
  it('refuses every look-alike of a DNI as a duplicate of the first, over GraphQL and REST', async () => {
    const dni = nextDni();
    const first = await crear({ dni, apellido: 'Gómez', nombre: 'Ana' });
    expect(first.dni).toBe(dni);
    const before = await donantesDe(s.servicio);
    const want = donanteDuplicadoMsg(dni, 'Gómez', 'Ana');
    for (const look of LOOK_ALIKES(dni)) {
      const res = await server.gql(
        CREATE,
        { input: { nombre: 'Otro', apellido: 'Otro', fechaNacimiento: '1980-01-01', dni: look } },
        s.token,
      );
      expect([look, codeOf(res), msgOf(res)]).toEqual([look, 'BAD_USER_INPUT', want]);
      const rest = await server.rest<{ errors: { msg: string }[] }>(
        'POST',
        '/donante/',
        { nombre: 'Otro', apellido: 'Otro', fechaNacimiento: '1980-01-01', dni: look, servicio: s.servicio },
        s.token,
      );
      expect([look, rest.status, rest.body.errors?.[0]?.msg]).toEqual([look, 400, want]);
    }
    expect(await donantesDe(s.servicio)).toBe(before);

    // Another donor's DNI changed to a look-alike: the same refusal over both APIs, nothing written.
    const other = await crear({
      dni: nextDni(),
      apellido: 'Otro',
      nombre: 'Otro',
      fechaNacimiento: '1980-01-01',
    });
    const datos = { nombre: 'Otro', apellido: 'Otro', fechaNacimiento: '1980-01-01' };
    for (const look of LOOK_ALIKES(dni)) {
      const res = await server.gql(UPDATE, { id: other.id, input: { ...datos, dni: look } }, s.token);
      expect([look, codeOf(res), msgOf(res)]).toEqual([look, 'BAD_USER_INPUT', want]);
      const rest = await server.rest<{ errors: { msg: string }[] }>(
        'PUT',
        `/donante/${other.id}`,
        { ...datos, dni: look, servicio: s.servicio },
        s.token,
      );
      expect([look, rest.status, rest.body.errors?.[0]?.msg]).toEqual([look, 400, want]);
    }
    const [row] = await server.dataSource.query(`SELECT dni FROM donante WHERE id = $1`, [other.id]);
    expect(row.dni).toBe(other.dni);
  });

  it('each look-alike, on create and on update over both APIs, is the person whose record was deleted: the same history', async () => {
    const dni = nextDni();
    const first = await crear({ dni });
    const fecha = addDays(TODAY, -10);
    await donar(first.id, fecha);
    ok(await server.gql(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id: first.id }, s.token));
    const intervalo = MSG.menos8Semanas(formatDate(fecha));
    const other = await crear({ dni: nextDni() });
    const datos = { nombre: 'Juan', apellido: 'Pérez', fechaNacimiento: '1990-05-10' };
    type Conocido = { id: string; dni: string; motivos: string[] };
    const conocer = async (id: string): Promise<Conocido> => {
      const res = ok(
        await server.gql<{
          donante: { id: string; dni: string; elegibilidad: { motivos: { texto: string }[] } };
        }>(
          `query ($id: ID!) { donante(id: $id) { id dni elegibilidad { motivos { texto } } } }`,
          { id },
          s.token,
        ),
      );
      return { id, dni: res.donante.dni, motivos: res.donante.elegibilidad.motivos.map((m) => m.texto) };
    };
    for (const [i, look] of LOOK_ALIKES(dni).entries()) {
      const rest = i % 2 === 1;
      // Created with it, over one API; its DNI changed to it, over the other.
      let creado: string;
      if (rest) {
        const res = await server.rest<{ _id: string }>(
          'POST',
          '/donante/',
          { ...datos, dni: look, servicio: s.servicio },
          s.token,
        );
        creado = res.body._id;
      } else {
        creado = ok(
          await server.gql<{ createDonante: { id: string } }>(
            CREATE,
            { input: { ...datos, dni: look } },
            s.token,
          ),
        ).createDonante.id;
      }
      expect([look, await conocer(creado)]).toEqual([look, { id: creado, dni, motivos: [intervalo] }]);
      ok(await server.gql(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id: creado }, s.token));
    }
    // Another record given the DNI over REST becomes that person: its history, and from then on
    // the DNI (in any form) names a person with a live record, so a new one is refused.
    const res = await server.rest(
      'PUT',
      `/donante/${other.id}`,
      { ...datos, dni: `${dni}-`, servicio: s.servicio },
      s.token,
    );
    expect(res.status).toBe(200);
    expect(await conocer(other.id)).toEqual({ id: other.id, dni, motivos: [intervalo] });
    ok(await server.gql(UPDATE, { id: other.id, input: { ...datos, dni: nextDni() } }, s.token));
    for (const look of LOOK_ALIKES(dni)) {
      const again = await server.gql(CREATE, { input: { ...datos, dni: look } }, s.token);
      expect([look, msgOf(again)]).toEqual([look, donanteDuplicadoMsg(dni, datos.apellido, datos.nombre)]);
    }
  });

  it('refuses an invalid DNI with dniInvalido over both APIs and writes nothing', async () => {
    const before = await donantesDe(s.servicio);
    for (const dni of ['12345', '12345678901', '\u0410B12345', '3126778ñ', '1.2.3.4.5']) {
      const res = await server.gql(
        CREATE,
        { input: { nombre: 'Ana', apellido: 'Paz', fechaNacimiento: '1980-01-01', dni } },
        s.token,
      );
      expect([dni, msgOf(res)]).toEqual([dni, MSG.dniInvalido]);
      const rest = await server.rest<{ errors: { msg: string; param?: string }[] }>(
        'POST',
        '/donante/',
        { nombre: 'Ana', apellido: 'Paz', fechaNacimiento: '1980-01-01', dni, servicio: s.servicio },
        s.token,
      );
      expect([dni, rest.status, rest.body.errors]).toEqual([
        dni,
        400,
        [{ msg: MSG.dniInvalido, param: 'dni' }],
      ]);
    }
    expect(await donantesDe(s.servicio)).toBe(before);
  });

  it('a search by any look-alike finds the donor (GraphQL and REST)', async () => {
    const dni = nextDni();
    const d = await crear({ dni: `${dni}\u200b` });
    expect(d.dni).toBe(dni);
    for (const look of LOOK_ALIKES(dni)) {
      const res = ok(
        await server.gql<{ donantes: { items: { id: string }[] } }>(SEARCH, { f: { dni: look } }, s.token),
      );
      expect([look, res.donantes.items.map((x) => x.id)]).toEqual([look, [d.id]]);
    }
    const rest = await server.rest<{ donantes: { _id: string }[] }>(
      'GET',
      `/donante/search?dni=${encodeURIComponent(`３１`.slice(0, 0) + `${dni.slice(0, 3)}.${dni.slice(3)}`)}`,
      undefined,
      s.token,
    );
    expect(rest.body.donantes.map((x) => x._id)).toEqual([d.id]);
  });
});

/** A donor row written straight into the table, as an old version of the app may have left it. */
async function insertRaw(
  servicio: string,
  dni: string,
  createdAt: string,
  nombre = 'Raw',
  apellido = 'Viejo',
) {
  const id = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario, created_at)
     VALUES ($1, $2, $3, $4, $5, '1985-03-03', 'Masculino', 'CABA', 'Argentina', 'Si', $6)`,
    [id, servicio, nombre, apellido, dni, createdAt],
  );
  return id;
}

/**
 * Migration 1763830000000 on rows written before any person existed: it ran with no persons
 * (the replica role leaves the persons' trigger and key out), and the persons are then made from
 * the DNIs as migration 1764000000000 makes them: one per DNI, a record with its DNI's person.
 */
async function canonicalizarComoAntes(): Promise<{ cambiados: number; duplicados: number }> {
  return server.dataSource.transaction(async (m) => {
    await m.query(`SET LOCAL session_replication_role = replica`);
    const hecho = await canonicalizarDnis(m);
    await m.query(`
      INSERT INTO persona_identificador (servicio_id, dni, persona_id)
        SELECT DISTINCT ON (servicio_id, dni) servicio_id, dni, persona_id FROM donante
         ORDER BY servicio_id, dni, created_at
        ON CONFLICT (servicio_id, dni) DO NOTHING`);
    await m.query(`
      UPDATE donante d SET persona_id = i.persona_id
        FROM persona_identificador i WHERE i.servicio_id = d.servicio_id AND i.dni = d.dni
         AND i.persona_id <> d.persona_id`);
    return hecho;
  });
}

describe('canonicalising existing rows (migration 1763830000000)', () => {
  let t: Session;
  const ids: string[] = [];
  let unrelated = '';
  let donacionId = '';
  const dni = String(50_000_000 + Math.floor(Math.random() * 1_000_000));

  beforeAll(async () => {
    t = await registerServicio(server);
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100000) }`, {}, t.token));
    // Oldest first: the zero-width one keeps the DNI plainly.
    ids.push(await insertRaw(t.servicio, `${dni}\u200b`, '2020-01-01T00:00:00Z', 'Uno'));
    ids.push(await insertRaw(t.servicio, dni, '2021-01-01T00:00:00Z', 'Dos'));
    ids.push(await insertRaw(t.servicio, `${dni}-`, '2022-01-01T00:00:00Z', 'Tres'));
    ids.push(
      await insertRaw(
        t.servicio,
        [...dni].map((c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).join(''),
        '2023-01-01T00:00:00Z',
        'Cuatro',
      ),
    );
    unrelated = await insertRaw(
      t.servicio,
      `${String(Number(dni) + 1)}.`,
      '2019-01-01T00:00:00Z',
      'Otro',
      'Ajeno',
    );
    numero += 1;
    donacionId = ok(
      await server.gql<{ createDonacion: { id: string } }>(
        CREATE_DONACION,
        {
          input: {
            donanteId: ids[2],
            numero,
            fecha: addDays(TODAY, -10),
            hora: '09:00',
            plasmaCovid: false,
            sv: NORMAL_SV,
            tipoBolsa: 'Bolsa Doble',
            loteBolsa: 'L',
          },
        },
        t.token,
      ),
    ).createDonacion.id;
    await canonicalizarComoAntes();
  });

  it('one plain, three pointing at it, all live; the unrelated one canonical and plain; donations untouched', async () => {
    const rows: { id: string; dni: string; duplicado_de: string | null; deleted_at: Date | null }[] =
      await server.dataSource.query(
        `SELECT id, dni, duplicado_de, deleted_at FROM donante WHERE servicio_id = $1 ORDER BY created_at`,
        [t.servicio],
      );
    expect(rows).toEqual([
      { id: unrelated, dni: String(Number(dni) + 1), duplicado_de: null, deleted_at: null },
      { id: ids[0], dni, duplicado_de: null, deleted_at: null },
      { id: ids[1], dni, duplicado_de: ids[0], deleted_at: null },
      { id: ids[2], dni, duplicado_de: ids[0], deleted_at: null },
      { id: ids[3], dni, duplicado_de: ids[0], deleted_at: null },
    ]);
    const [don] = await server.dataSource.query(`SELECT donante_id, deleted_at FROM donacion WHERE id = $1`, [
      donacionId,
    ]);
    expect(don).toEqual({ donante_id: ids[2], deleted_at: null });
    // Run again: nothing left to change.
    expect(await canonicalizarComoAntes()).toEqual({ cambiados: 0, duplicados: 0 });
  });

  it('the search by DNI finds all four; a new donor with a look-alike is refused', async () => {
    const res = ok(
      await server.gql<{ donantes: { items: { id: string }[] } }>(SEARCH, { f: { dni: `${dni}-` } }, t.token),
    );
    expect(res.donantes.items.map((x) => x.id).sort()).toEqual([...ids].sort());
    const dup = await server.gql(
      CREATE,
      { input: { nombre: 'N', apellido: 'N', fechaNacimiento: '1980-01-01', dni } },
      t.token,
    );
    expect(msgOf(dup)).toBe(donanteDuplicadoMsg(dni, 'Viejo', 'Uno'));
  });

  it('the finder lists the three pairs with the oldest, and a merge of the last two keeps the index sound', async () => {
    const pares = ok(await server.gql<Pares>(PARES, {}, t.token)).duplicadosDonantes;
    expect(pares.total).toBe(3);
    expect(pares.items.map((p) => [p.motivo, p.a.id, p.b.id])).toEqual([
      [MOTIVO_DUPLICADO.dni, ids[0], ids[1]],
      [MOTIVO_DUPLICADO.dni, ids[0], ids[2]],
      [MOTIVO_DUPLICADO.dni, ids[0], ids[3]],
    ]);
    // Merge 3 into 2 (both await a merge with 1): 2 still awaits it, with 3's donation.
    const f = ok(await server.gql<Fusion>(FUSIONAR, { c: ids[1], e: ids[2] }, t.token)).fusionarDonantes;
    expect(f.donacionesMovidas).toBe(1);
    // Then the oldest into 2: 2 holds the DNI plainly, 4 now awaits a merge with 2.
    ok(await server.gql<Fusion>(FUSIONAR, { c: ids[1], e: ids[0] }, t.token));
    const rows = await server.dataSource.query(
      `SELECT id, duplicado_de, deleted_at IS NULL AS vivo FROM donante WHERE id = ANY($1) ORDER BY created_at`,
      [ids],
    );
    expect(rows).toEqual([
      { id: ids[0], duplicado_de: null, vivo: false },
      { id: ids[1], duplicado_de: null, vivo: true },
      // A merged-away record keeps what it was (deleted rows are outside the unique index).
      { id: ids[2], duplicado_de: ids[0], vivo: false },
      { id: ids[3], duplicado_de: ids[1], vivo: true },
    ]);
    const after = ok(await server.gql<Pares>(PARES, {}, t.token)).duplicadosDonantes;
    expect(after.items.map((p) => [p.a.id, p.b.id])).toEqual([[ids[1], ids[3]]]);
  });
});

describe('duplicate finder', () => {
  it('lists same-name pairs without accents or case, pages across both kinds, never another servicio', async () => {
    const t = await registerServicio(server);
    const a = await crear(
      { apellido: 'Núñez', nombre: 'José', fechaNacimiento: '1970-02-02', dni: nextDni() },
      t,
    );
    const b = await crear(
      { apellido: 'NUNEZ', nombre: 'jose', fechaNacimiento: '1970-02-02', dni: nextDni() },
      t,
    );
    const c = await crear(
      { apellido: 'nunez ', nombre: ' JOSÉ', fechaNacimiento: '1970-02-02', dni: nextDni() },
      t,
    );
    // Not pairs: another birth date, another name, another servicio.
    await crear({ apellido: 'Núñez', nombre: 'José', fechaNacimiento: '1970-02-03', dni: nextDni() }, t);
    await crear({ apellido: 'Núñez', nombre: 'Josefa', fechaNacimiento: '1970-02-02', dni: nextDni() }, t);
    await crear({ apellido: 'Núñez', nombre: 'José', fechaNacimiento: '1970-02-02', dni: nextDni() }, otro);
    const raw = await insertRaw(t.servicio, '77777777', '2018-01-01T00:00:00Z', 'Zeta', 'Zeta');
    const rawDup = await insertRaw(t.servicio, '77777777\u200b', '2018-02-01T00:00:00Z', 'Zeta', 'Zeta');
    await canonicalizarComoAntes();

    const all = ok(await server.gql<Pares>(PARES, {}, t.token)).duplicadosDonantes;
    expect(all.total).toBe(3);
    expect(all.items.map((p) => [p.motivo, p.a.id, p.b.id])).toEqual([
      [MOTIVO_DUPLICADO.dni, raw, rawDup],
      [MOTIVO_DUPLICADO.nombre, a.id, b.id],
      [MOTIVO_DUPLICADO.nombre, a.id, c.id],
    ]);
    const page2 = ok(await server.gql<Pares>(PARES, { offset: 1, limit: 1 }, t.token)).duplicadosDonantes;
    expect(page2).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(page2.items.map((p) => p.b.id)).toEqual([b.id]);
    const past = ok(await server.gql<Pares>(PARES, { offset: 10 }, t.token)).duplicadosDonantes;
    expect(past).toMatchObject({ total: 3, items: [] });
    // The other servicio sees only nothing of these.
    const theirs = ok(await server.gql<Pares>(PARES, {}, otro.token)).duplicadosDonantes;
    const seen = theirs.items.flatMap((p) => [p.a.id, p.b.id]);
    for (const id of [a.id, b.id, c.id, raw, rawDup]) expect(seen).not.toContain(id);
    // Bad pages are refused in Spanish.
    for (const v of [{ offset: -1 }, { limit: 0 }, { limit: 1000 }]) {
      const res = await server.gql(PARES, v, t.token);
      expect([codeOf(res), msgOf(res)]).toEqual(['BAD_USER_INPUT', MSG.valorNoPermitido]);
    }
  });
});

describe('merge', () => {
  it('moves the rows of every table that points at a donor (DONANTE_HIJAS lists them all)', async () => {
    const rows: { t: string }[] = await server.dataSource.query(
      `SELECT DISTINCT c.table_name AS t FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
        WHERE c.table_schema = 'public' AND c.column_name = 'donante_id' AND t.table_type = 'BASE TABLE'
        ORDER BY 1`,
    );
    // donante_clave is the search's own copy of each record's names (derived, never moved);
    // consulta_red is an append-only access log: it keeps the record a lookup was made for, as the
    // audit trail does.
    const hijas = rows.map((r) => r.t).filter((t) => t !== 'donante_clave' && t !== 'consulta_red');
    expect([...DONANTE_HIJAS].sort()).toEqual(hijas.sort());
  });

  it('moves the donations, soft-deletes the other, audits both, and warns of a hidden 8-week violation', async () => {
    const t = await registerServicio(server);
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100000) }`, {}, t.token));
    const keep = await crear({ apellido: 'Ruiz', nombre: 'Eva', sexo: 'Femenino', dni: nextDni() }, t);
    const gone = await crear(
      { apellido: 'Ruiz', nombre: 'Eva', sexo: 'Femenino', dni: nextDni(), donacionAnterior: true },
      t,
    );
    const d1 = await donar(keep.id, addDays(TODAY, -40), t);
    const d2 = await donar(gone.id, addDays(TODAY, -10), t);
    const d3 = await donar(gone.id, addDays(TODAY, -200), t);
    ok(await server.gql(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id: d3.id }, t.token));

    const f = ok(await server.gql<Fusion>(FUSIONAR, { c: keep.id, e: gone.id }, t.token)).fusionarDonantes;
    expect(f.donante).toEqual({
      id: keep.id,
      dni: keep.dni,
      ultimaDonacion: addDays(TODAY, -10),
      donacionAnterior: true,
    });
    expect(f.donacionesMovidas).toBe(1);
    expect(f.avisos).toEqual([
      MSG.donacionesCercanas(
        d1.numero,
        formatDate(addDays(TODAY, -40)),
        d2.numero,
        formatDate(addDays(TODAY, -10)),
        8,
      ),
    ]);
    const donaciones = await server.dataSource.query(
      `SELECT id, donante_id FROM donacion WHERE id = ANY($1) ORDER BY numero`,
      [[d1.id, d2.id, d3.id]],
    );
    expect(donaciones.map((r: { donante_id: string }) => r.donante_id)).toEqual([keep.id, keep.id, keep.id]);
    const [other] = await server.dataSource.query(
      `SELECT deleted_at IS NOT NULL AS borrado, fusionado_con FROM donante WHERE id = $1`,
      [gone.id],
    );
    expect(other).toEqual({ borrado: true, fusionado_con: keep.id });
    const entries = await server.dataSource.query(
      `SELECT accion, entidad_id, cambios FROM auditoria WHERE servicio_id = $1 AND accion IN ('fusionar', 'eliminar')
        AND entidad = 'donante' ORDER BY id`,
      [t.servicio],
    );
    expect(entries).toEqual([
      {
        accion: 'fusionar',
        entidad_id: keep.id,
        cambios: expect.objectContaining({
          fusionadoDesde: gone.id,
          donaciones: [[], expect.arrayContaining([d2.id, d3.id])],
        }),
      },
      {
        accion: 'eliminar',
        entidad_id: gone.id,
        cambios: { deletedAt: [null, expect.any(String)], fusionadoCon: [null, keep.id] },
      },
    ]);
    // The merged-away record is gone from the searches and cannot be restored.
    const search = ok(
      await server.gql<{ donantes: { items: { id: string }[] } }>(SEARCH, { f: { dni: gone.dni } }, t.token),
    );
    expect(search.donantes.items).toEqual([]);
    const restore = await server.gql(RESTAURAR, { id: gone.id }, t.token);
    expect(msgOf(restore)).toBe(MSG.donanteFusionadoNoRestaurable);
    const [still] = await server.dataSource.query(
      `SELECT deleted_at IS NOT NULL AS borrado FROM donante WHERE id = $1`,
      [gone.id],
    );
    expect(still.borrado).toBe(true);
  });

  it("warns of a donation recorded while the other record's deferral was in force", async () => {
    const keep = await crear({ apellido: 'Sosa', nombre: 'Luis', dni: nextDni() });
    const gone = await crear({ apellido: 'Sosa', nombre: 'Luis', dni: nextDni() });
    const fechaA = addDays(TODAY, -300);
    const fechaB = addDays(TODAY, -100);
    const a = await donar(keep.id, fechaA);
    ok(await server.gql(RESULTADOS, { id: a.id, input: { exclusionDefinitiva: 'Definitiva' } }, s.token));
    const b = await donar(gone.id, fechaB);
    const f = ok(await server.gql<Fusion>(FUSIONAR, { c: keep.id, e: gone.id }, s.token)).fusionarDonantes;
    expect(f.avisos).toEqual([
      MSG.donacionDuranteDiferimiento(
        b.numero,
        formatDate(fechaB),
        `Donante diferido: exclusión definitiva (donación N° ${a.numero} del ${formatDate(fechaA)}).`,
      ),
    ]);
  });

  it('20 concurrent merges of one pair: exactly one succeeds, the rest get a Spanish error, no donation lost', async () => {
    const keep = await crear({ dni: nextDni() });
    const gone = await crear({ dni: nextDni() });
    const d1 = await donar(keep.id, addDays(TODAY, -300));
    const d2 = await donar(gone.id, addDays(TODAY, -100));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => server.gql<Fusion>(FUSIONAR, { c: keep.id, e: gone.id }, s.token)),
    );
    const oks = results.filter((r) => r.data?.fusionarDonantes);
    expect(oks).toHaveLength(1);
    for (const r of results.filter((x) => x.errors)) {
      expect([codeOf(r), msgOf(r)]).toEqual(['NOT_FOUND', MSG.donanteNoEncontrado]);
    }
    const rows = await server.dataSource.query(
      `SELECT donante_id, deleted_at FROM donacion WHERE id = ANY($1) ORDER BY numero`,
      [[d1.id, d2.id]],
    );
    expect(rows).toEqual([
      { donante_id: keep.id, deleted_at: null },
      { donante_id: keep.id, deleted_at: null },
    ]);
  });

  it("refuses another servicio's donors (NOT_FOUND), the same donor twice, and changes nothing", async () => {
    const mine = await crear({ dni: nextDni() });
    const mine2 = await crear({ dni: nextDni() });
    const theirs = await crear({ dni: nextDni() }, otro);
    const theirs2 = await crear({ dni: nextDni() }, otro);
    for (const [c, e] of [
      [mine.id, theirs.id],
      [theirs.id, mine.id],
      [theirs.id, theirs2.id],
      [mine.id, 'no-es-un-id'],
      [mine.id, randomUUID()],
    ]) {
      const res = await server.gql(FUSIONAR, { c, e }, s.token);
      expect([c, e, codeOf(res), msgOf(res)]).toEqual([c, e, 'NOT_FOUND', MSG.donanteNoEncontrado]);
    }
    const same = await server.gql(FUSIONAR, { c: mine.id, e: mine.id.toUpperCase() }, s.token);
    expect([codeOf(same), msgOf(same)]).toEqual(['BAD_USER_INPUT', MSG.fusionarMismoDonante]);
    const live = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM donante WHERE id = ANY($1) AND deleted_at IS NULL`,
      [[mine.id, mine2.id, theirs.id, theirs2.id]],
    );
    expect(live[0].n).toBe(4);
  });

  it('staff other than ROL_SERVICIO get FORBIDDEN for both operations', async () => {
    const username = `medico_${nextDni()}`;
    ok(
      await server.gql(
        `mutation ($input: IntegranteInput!) { createIntegrante(input: $input) { message } }`,
        {
          input: {
            nombre: 'Mara',
            apellido: 'Médica',
            username,
            password: 'clave-segura',
            password2: 'clave-segura',
            rol: 'ROL_MEDICO',
          },
        },
        s.token,
      ),
    );
    const { token } = ok(
      await server.gql<{ login: { token: string } }>(
        `mutation ($input: LoginInput!) { login(input: $input) { token } }`,
        { input: { username, password: 'clave-segura' } },
      ),
    ).login;
    const a = await crear({ dni: nextDni() });
    const b = await crear({ dni: nextDni() });
    expect(codeOf(await server.gql(PARES, {}, token))).toBe('FORBIDDEN');
    expect(codeOf(await server.gql(FUSIONAR, { c: a.id, e: b.id }, token))).toBe('FORBIDDEN');
    expect(codeOf(await server.gql(PARES, {}))).toBe('UNAUTHENTICATED');
  });
});

describe('indexes', () => {
  it('the finder reads its indexes (no sequential read of the servicio, no sort of its donors)', async () => {
    const t = await registerServicio(server);
    await server.dataSource.query(
      `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
         nacionalidad, es_voluntario)
       SELECT gen_random_uuid(), $1, 'Nombre' || (i % 4000), 'Apellido' || (i % 4000), (60000000 + i)::text,
         '1990-01-01', 'Masculino', 'Buenos Aires', 'Argentina', 'Si'
       FROM generate_series(1, 5000) AS i`,
      [t.servicio],
    );
    await server.dataSource.query(`ANALYZE donante`);
    const [{ v }] = await server.dataSource.query(`SELECT current_setting('server_version_num')::int AS v`);
    // One connection, so that the setting below holds for the EXPLAINs.
    const runner = server.dataSource.createQueryRunner();
    const plan = async (sql: string) => {
      const rows = (await runner.query(
        v >= 160000 ? `EXPLAIN (GENERIC_PLAN) ${sql}` : `EXPLAIN ${sql}`,
        v >= 160000 ? [] : [t.servicio, 0, 20],
      )) as Record<string, string>[];
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    };
    try {
      const porDni = await plan(PARES_DNI_SQL);
      expect(porDni).toContain('donante_duplicado_idx');
      expect(porDni).not.toContain('Seq Scan');
      // With few donors a sequential read and a sort is cheaper, and Postgres takes it. Without
      // that choice, the index alone serves the pairing, in order: no sort of the donors.
      await runner.query(`SET enable_seqscan = off`);
      await runner.query(`SET enable_bitmapscan = off`);
      const porNombre = await plan(PARES_NOMBRE_SQL);
      expect(porNombre).toContain('Index Only Scan using donante_homonimo_idx');
      // The only sort is the page's, over the pairs found (the CTE), never over the donors.
      expect(porNombre.match(/Sort Key/g) ?? []).toHaveLength(1);
    } finally {
      await runner.query(`RESET enable_seqscan`);
      await runner.query(`RESET enable_bitmapscan`);
      await runner.release();
    }
    const pares = ok(await server.gql<Pares>(PARES, { limit: 5 }, t.token)).duplicadosDonantes;
    expect(pares.total).toBe(1000);
  });
});
