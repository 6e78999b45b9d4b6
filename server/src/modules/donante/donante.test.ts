import { addDays, todayIso } from '../../domain/dates';
import { DONANTES_TOTAL_MAX } from '../../domain/limites';
import {
  DONANTE_DEFAULTS,
  donanteDuplicadoMsg,
  ES_VOLUNTARIO,
  parseFecha,
  PROVINCIAS,
  SEXOS,
  validateCph,
  validateDonante,
  validateFechaNacimiento,
} from '../../domain/donante';
import { MSG } from '../../domain/messages';
import { registerServicio, Session, startTestServer, TestServer } from '../../test-utils/harness';
import { GraphQLObjectType } from 'graphql';
import { getSchema } from '../../graphql/schema';
import { resolvers } from '../../services';
import { DONANTE_COLUMNS, DONANTE_FIELD_COLUMNS, RunQuery, searchDonantes } from './donante.search';
import { Donante } from './donante.entity';

const FIELDS = `id nombre apellido dni fechaNacimiento sexo domActual domActualAltura domActualPiso domActualDepto
  localidadActual ProvinciaActual domDni localidadDni codPostal telefono telefono2 email lugarNacimiento
  ProvinciaNacimiento nacionalidad ocupacion convocado donacionAferesis donacionAnterior esVoluntario
  cph { establecimientoLaboral telefonoLaboral emailLaboral
        contacto1 { Nombre Apellido Telefono Relacion Email } contacto2 { Nombre Apellido Telefono Relacion Email } }
  ultimaDonacion puedeDonar proximaDonacion`;
const CREATE = `mutation ($input: DonanteInput!) { createDonante(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: DonanteInput!) { updateDonante(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation ($id: ID!) { deleteDonante(id: $id) }`;
const GET = `query ($id: ID!) { donante(id: $id) { ${FIELDS} } }`;
const SEARCH = `query ($filter: DonanteFilter, $page: PageInput) {
  donantes(filter: $filter, page: $page) { total totalExacto offset limit items { id nombre apellido dni puedeDonar ultimaDonacion } }
}`;

type Donor = Record<string, unknown> & { id: string };
type SearchResult = {
  donantes: { total: number; totalExacto: boolean; offset: number; limit: number; items: Donor[] };
};

/** The ISO day `years` years before today, moved by `days`. */
function yearsAgo(years: number, days = 0): string {
  const today = todayIso();
  const base = `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
  return addDays(parseFecha(base) ?? `${base.slice(0, 8)}28`, days);
}

let dniCounter = 30_000_000;
const nextDni = () => String((dniCounter += 1));

function donorInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    nombre: 'Juan',
    apellido: 'Pérez',
    dni: nextDni(),
    fechaNacimiento: '1990-05-17',
    ...overrides,
  };
}

let server: TestServer;
let a: Session;
let b: Session;

beforeAll(async () => {
  server = await startTestServer();
  a = await registerServicio(server);
  b = await registerServicio(server);
});
afterAll(() => server.close());

async function create(input: Record<string, unknown>, session: Session = a): Promise<Donor> {
  const res = await server.gql<{ createDonante: Donor }>(CREATE, { input }, session.token);
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.createDonante;
}

/** Registers a donor per [nombre, apellido], with consecutive DNIs from `firstDni`. */
async function createPeople(people: [string, string][], firstDni: number, session: Session): Promise<void> {
  for (const [i, [nombre, apellido]] of people.entries()) {
    await create(donorInput({ nombre, apellido, dni: String(firstDni + i) }), session);
  }
}

async function search(filter: Record<string, unknown>, page?: Record<string, unknown>, session = a) {
  const res = await server.gql<SearchResult>(SEARCH, { filter, page }, session.token);
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.donantes;
}

const row = async (id: string) =>
  (await server.dataSource.query(`SELECT * FROM donante WHERE id = $1`, [id]))[0] as
    Record<string, unknown> | undefined;
const countDonantes = async () =>
  Number((await server.dataSource.query(`SELECT count(*)::int AS n FROM donante`))[0].n);
const audits = (id: string) =>
  server.dataSource.query(
    `SELECT accion, entidad, usuario_id, servicio_id, cambios FROM auditoria WHERE entidad_id = $1 ORDER BY id`,
    [id],
  );

describe('domain rules (fixed today 2025-06-15)', () => {
  const today = '2025-06-15';

  it('age: from the 16th birthday through the day before the 66th', () => {
    expect(validateFechaNacimiento('2009-06-15', today)).toBeUndefined(); // 16 today
    expect(validateFechaNacimiento('2009-06-16', today)).toBe(MSG.edadDonante); // 16 tomorrow
    expect(validateFechaNacimiento('1959-06-16', today)).toBeUndefined(); // 66 tomorrow: still 65
    expect(validateFechaNacimiento('1959-06-15', today)).toBe(MSG.edadDonante); // 66 today
    expect(validateFechaNacimiento('2030-01-01', today)).toBe(MSG.edadDonante);
    expect(validateFechaNacimiento('15/06/2009', today)).toBeUndefined(); // typed as DD/MM/YYYY
  });

  it('date: required, then a real day', () => {
    expect(validateFechaNacimiento('', today)).toBe('La fecha de nacimiento es requerida');
    expect(validateFechaNacimiento(null, today)).toBe('La fecha de nacimiento es requerida');
    for (const bad of ['1990-02-30', '31/04/1990', 'ayer', '1990-13-01', '19900517']) {
      expect(validateFechaNacimiento(bad, today)).toBe('Debe proporcionar una fecha válida');
    }
  });

  it('value lists and defaults', () => {
    expect(PROVINCIAS).toContain('Buenos Aires');
    expect(PROVINCIAS).toContain('CABA');
    expect(PROVINCIAS).toContain('Tierra del Fuego');
    expect(new Set(PROVINCIAS).size).toBe(PROVINCIAS.length);
    expect(SEXOS).toEqual(['Masculino', 'Femenino']);
    expect(ES_VOLUNTARIO).toEqual(['Si', 'No']);
    expect(DONANTE_DEFAULTS).toEqual({
      ProvinciaActual: 'Buenos Aires',
      nacionalidad: 'Argentina',
      sexo: 'Masculino',
      esVoluntario: 'Si',
    });
  });

  it('validateDonante lists every error with its field', () => {
    expect(
      validateDonante(
        {
          nombre: ' ',
          apellido: '',
          dni: undefined,
          fechaNacimiento: '',
          email: 'x@',
          sexo: 'Otro',
          esVoluntario: 'Tal vez',
          ProvinciaActual: 'Narnia',
          ProvinciaNacimiento: 'Atlántida',
          ocupacion: 'x'.repeat(101),
        },
        today,
      ),
    ).toEqual([
      { field: 'nombre', msg: 'Requerido' },
      { field: 'apellido', msg: 'Requerido' },
      { field: 'dni', msg: 'Requerido' },
      { field: 'fechaNacimiento', msg: 'La fecha de nacimiento es requerida' },
      { field: 'sexo', msg: 'Valor no permitido' },
      { field: 'ProvinciaActual', msg: 'Valor no permitido' },
      { field: 'ProvinciaNacimiento', msg: 'Valor no permitido' },
      { field: 'email', msg: 'No es un email válido' },
      { field: 'esVoluntario', msg: 'Valor no permitido' },
      { field: 'ocupacion', msg: 'Debe tener como máximo 100 caracteres' },
    ]);
  });

  it('cph: fixed shape, optional emails checked', () => {
    expect(validateCph(undefined)).toEqual([]);
    expect(validateCph({ emailLaboral: 'rrhh@empresa.com', contacto1: { Email: '' } })).toEqual([]);
    expect(validateCph('{"a":1}')).toEqual([{ field: 'cph', msg: 'Valor no permitido' }]);
    expect(
      validateCph({
        emailLaboral: 'no-email',
        otro: 'x',
        contacto1: { Nombre: 3, Email: 'mal' },
        contacto2: [],
      }),
    ).toEqual([
      { field: 'cph.otro', msg: 'Valor no permitido' },
      { field: 'cph.emailLaboral', msg: 'No es un email válido' },
      { field: 'cph.contacto1.Nombre', msg: 'Valor no permitido' },
      { field: 'cph.contacto1.Email', msg: 'No es un email válido' },
      { field: 'cph.contacto2', msg: 'Valor no permitido' },
    ]);
  });
});

describe('create', () => {
  it('saves every field, applies the defaults and audits the creation', async () => {
    const cph = {
      establecimientoLaboral: 'Hospital Posadas',
      telefonoLaboral: '011 4469-9300',
      emailLaboral: 'rrhh@posadas.gob.ar',
      contacto1: { Nombre: 'Ana', Apellido: 'Gómez', Telefono: '1155550000', Relacion: 'Hermana', Email: '' },
      contacto2: {
        Nombre: 'Luis',
        Apellido: 'Pérez',
        Telefono: '1144440000',
        Relacion: 'Padre',
        Email: 'l@p.com',
      },
    };
    const input = {
      nombre: ' María José ',
      apellido: 'Núñez',
      dni: '27.654.321',
      fechaNacimiento: '1985-03-09',
      sexo: 'Femenino',
      domActual: 'Av. Rivadavia',
      domActualAltura: '1234',
      domActualPiso: '3',
      domActualDepto: 'B',
      localidadActual: 'Morón',
      ProvinciaActual: 'Buenos Aires',
      domDni: 'Calle Falsa 123',
      localidadDni: 'Haedo',
      codPostal: '1706',
      telefono: '11 5555-1234',
      telefono2: '',
      email: 'maria@correo.com',
      lugarNacimiento: 'Posadas',
      ProvinciaNacimiento: 'Misiones',
      nacionalidad: 'Argentina',
      ocupacion: 'Docente',
      convocado: true,
      donacionAferesis: false,
      donacionAnterior: true,
      esVoluntario: 'No',
      cph,
    };
    const donor = await create(input);
    expect(donor).toEqual({
      ...input,
      id: expect.any(String),
      nombre: 'María José',
      dni: '27654321',
      telefono2: null,
      ultimaDonacion: null,
      puedeDonar: true,
      proximaDonacion: null,
    });
    const saved = await row(donor.id);
    expect(saved).toMatchObject({
      servicio_id: a.servicio,
      dni: '27654321',
      provincia_actual: 'Buenos Aires',
      provincia_nacimiento: 'Misiones',
      es_voluntario: 'No',
      cph,
      deleted_at: null,
      ultima_donacion: null,
    });
    const [entry] = await audits(donor.id);
    expect(entry).toMatchObject({
      accion: 'crear',
      entidad: 'donante',
      usuario_id: a.uid,
      servicio_id: a.servicio,
    });
    expect(entry.cambios.dni).toEqual([null, '27654321']);
    expect(entry.cambios.apellido).toEqual([null, 'Núñez']);
  });

  it('fills the defaults of a new donor and an empty cph', async () => {
    const donor = await create(donorInput());
    expect(donor).toMatchObject({
      ProvinciaActual: 'Buenos Aires',
      nacionalidad: 'Argentina',
      sexo: 'Masculino',
      esVoluntario: 'Si',
      convocado: false,
      cph: {
        establecimientoLaboral: '',
        telefonoLaboral: '',
        emailLaboral: '',
        contacto1: { Nombre: '', Apellido: '', Telefono: '', Relacion: '', Email: '' },
        contacto2: { Nombre: '', Apellido: '', Telefono: '', Relacion: '', Email: '' },
      },
    });
  });

  it('refuses each invalid input with the spec text and saves nothing', async () => {
    const cases: [Record<string, unknown>, { field: string; msg: string }[]][] = [
      [
        { nombre: '', apellido: '  ', dni: '', fechaNacimiento: '' },
        [
          { field: 'nombre', msg: 'Requerido' },
          { field: 'apellido', msg: 'Requerido' },
          { field: 'dni', msg: 'Requerido' },
          { field: 'fechaNacimiento', msg: 'La fecha de nacimiento es requerida' },
        ],
      ],
      [
        { fechaNacimiento: '1990-02-30' },
        [{ field: 'fechaNacimiento', msg: 'Debe proporcionar una fecha válida' }],
      ],
      [
        { fechaNacimiento: 'no sé' },
        [{ field: 'fechaNacimiento', msg: 'Debe proporcionar una fecha válida' }],
      ],
      [
        { fechaNacimiento: yearsAgo(16, 1) },
        [{ field: 'fechaNacimiento', msg: 'Debe tener entre 16 y 65 años' }],
      ],
      [
        { fechaNacimiento: yearsAgo(66) },
        [{ field: 'fechaNacimiento', msg: 'Debe tener entre 16 y 65 años' }],
      ],
      [{ email: 'juan@' }, [{ field: 'email', msg: 'No es un email válido' }]],
      [{ sexo: 'X' }, [{ field: 'sexo', msg: 'Valor no permitido' }]],
      [{ esVoluntario: 'Sí' }, [{ field: 'esVoluntario', msg: 'Valor no permitido' }]],
      [{ ProvinciaActual: 'Capital' }, [{ field: 'ProvinciaActual', msg: 'Valor no permitido' }]],
      [{ ProvinciaNacimiento: 'Montevideo' }, [{ field: 'ProvinciaNacimiento', msg: 'Valor no permitido' }]],
      [{ nombre: 'x'.repeat(101) }, [{ field: 'nombre', msg: 'Debe tener como máximo 100 caracteres' }]],
      [
        { cph: { emailLaboral: 'x', contacto2: { Email: 'y@' } } },
        [
          { field: 'cph.emailLaboral', msg: 'No es un email válido' },
          { field: 'cph.contacto2.Email', msg: 'No es un email válido' },
        ],
      ],
      [
        { cph: { contacto1: { Nombre: 'x'.repeat(101) } } },
        [{ field: 'cph.contacto1.Nombre', msg: 'Debe tener como máximo 100 caracteres' }],
      ],
    ];
    const before = await countDonantes();
    for (const [overrides, errors] of cases) {
      const res = await server.gql(CREATE, { input: donorInput(overrides) }, a.token);
      expect(res.data).toBeNull();
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].extensions?.errors).toEqual(errors);
    }
    expect(await countDonantes()).toBe(before);
  });

  it('accepts the age bounds: 16 today and the day before the 66th birthday', async () => {
    const young = await create(donorInput({ fechaNacimiento: yearsAgo(16) }));
    expect(young.fechaNacimiento).toBe(yearsAgo(16));
    const old = await create(donorInput({ fechaNacimiento: yearsAgo(66, 1) }));
    expect(old.fechaNacimiento).toBe(yearsAgo(66, 1));
  });

  it('refuses a duplicate DNI naming the existing donor, and allows it after a soft delete', async () => {
    const first = await create(donorInput({ dni: '30123456', nombre: 'Juan', apellido: 'Pérez' }));
    const before = await countDonantes();
    const res = await server.gql(
      CREATE,
      { input: donorInput({ dni: '30.123.456', nombre: 'Otro' }) },
      a.token,
    );
    expect(res.errors?.[0].extensions?.errors).toEqual([
      { field: 'dni', msg: 'Ya existe un donante con DNI 30123456: Pérez, Juan' },
    ]);
    expect(await countDonantes()).toBe(before);

    // Another servicio may have a donor with the same DNI.
    await create(donorInput({ dni: '30123456' }), b);

    const del = await server.gql(DELETE, { id: first.id }, a.token);
    expect(del.data).toEqual({ deleteDonante: true });
    const again = await create(donorInput({ dni: '30123456', nombre: 'Nuevo' }));
    expect(again.id).not.toBe(first.id);
  });

  it('the unique index refuses a racing duplicate with the same message', async () => {
    const dni = nextDni();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        server.gql(CREATE, { input: donorInput({ dni, nombre: `N${i}`, apellido: 'Carrera' }) }, a.token),
      ),
    );
    const ok = results.filter((r) => r.data);
    expect(ok).toHaveLength(1);
    const winner = (ok[0].data as { createDonante: Donor }).createDonante;
    for (const r of results.filter((x) => !x.data)) {
      expect(r.errors?.[0].extensions?.errors).toEqual([
        { field: 'dni', msg: donanteDuplicadoMsg(dni, 'Carrera', String(winner.nombre)) },
      ]);
    }
    const rows = await server.dataSource.query(`SELECT id FROM donante WHERE dni = $1`, [dni]);
    expect(rows).toHaveLength(1);
  });

  it('a save that only the unique index stops (the other one not yet committed) gives the same message', async () => {
    const existing = await create(donorInput({ nombre: 'Primero', apellido: 'Índice' }));
    const dni = nextDni();
    // Another save takes the DNI and has not committed yet: the check cannot see it, the
    // insert waits on the index and fails once that save commits.
    const other = server.dataSource.createQueryRunner();
    await other.connect();
    try {
      await other.startTransaction();
      await other.query(`UPDATE donante SET dni = $1 WHERE id = $2`, [dni, existing.id]);
      const [{ xid }] = await other.query(`SELECT pg_current_xact_id()::xid::text AS xid`);
      const pending = server.gql(CREATE, { input: donorInput({ dni }) }, a.token);
      // until the new insert waits on the other save's row
      for (let i = 0; i < 200; i++) {
        const [{ waiting }] = await server.dataSource.query(
          `SELECT count(*)::int AS waiting FROM pg_locks
            WHERE NOT granted AND locktype = 'transactionid' AND transactionid::text = $1`,
          [xid],
        );
        if (waiting > 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await other.commitTransaction();
      const res = await pending;
      expect(res.errors?.[0].extensions?.errors).toEqual([
        { field: 'dni', msg: `Ya existe un donante con DNI ${dni}: Índice, Primero` },
      ]);
    } finally {
      await other.release();
    }
    const rows = await server.dataSource.query(`SELECT id FROM donante WHERE dni = $1`, [dni]);
    expect(rows).toEqual([{ id: existing.id }]);
  });

  it('requires a session', async () => {
    const res = await server.gql(CREATE, { input: donorInput() });
    expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('search', () => {
  let s: Session;
  beforeAll(async () => {
    s = await registerServicio(server);
    const people: [string, string, string][] = [
      ['Juan', 'Pérez', '20111111'],
      ['Ana', 'Pereyra', '20222222'],
      ['Lucía', 'Muñoz', '20333333'],
      ['José', 'De la Fuente', '20444444'],
      ['Carlos', 'Gómez', '20555555'],
      ['Pedro', '100% Real', '20666666'],
      ['Marta', 'A_B', '20777777'],
      ['Beatriz', 'AxB', '20888888'],
      ['Ángel', 'Pérez', '20999999'],
    ];
    for (const [nombre, apellido, dni] of people) await create(donorInput({ nombre, apellido, dni }), s);
  });

  const names = (items: Donor[]) => items.map((d) => `${d.apellido}, ${d.nombre}`);

  it('is accent- and case-insensitive, by prefix, ordered by apellido and nombre', async () => {
    expect(names((await search({ apellido: 'perez' }, undefined, s)).items)).toEqual([
      'Pérez, Ángel',
      'Pérez, Juan',
    ]);
    expect(names((await search({ apellido: 'munoz' }, undefined, s)).items)).toEqual(['Muñoz, Lucía']);
    expect(names((await search({ apellido: 'PER' }, undefined, s)).items)).toEqual([
      'Pereyra, Ana',
      'Pérez, Ángel',
      'Pérez, Juan',
    ]);
    expect(names((await search({ nombre: 'angel' }, undefined, s)).items)).toEqual(['Pérez, Ángel']);
    expect(names((await search({ apellido: 'fuente' }, undefined, s)).items)).toEqual(['De la Fuente, José']);
    expect(names((await search({ apellido: 'uez' }, undefined, s)).items)).toEqual([]);
  });

  it('combines filters and finds by DNI (with or without dots)', async () => {
    expect(names((await search({ apellido: 'pér', nombre: 'ju' }, undefined, s)).items)).toEqual([
      'Pérez, Juan',
    ]);
    expect(names((await search({ dni: '20.333.333' }, undefined, s)).items)).toEqual(['Muñoz, Lucía']);
    expect(names((await search({ dni: '20333333', apellido: 'perez' }, undefined, s)).items)).toEqual([]);
    expect((await search({ dni: '2' }, undefined, s)).total).toBe(9);
  });

  it('treats % and _ literally', async () => {
    expect(names((await search({ apellido: '100%' }, undefined, s)).items)).toEqual(['100% Real, Pedro']);
    expect(names((await search({ apellido: '%' }, undefined, s)).items)).toEqual([]);
    expect(names((await search({ apellido: 'a_' }, undefined, s)).items)).toEqual(['A_B, Marta']);
    expect(names((await search({ apellido: '\\' }, undefined, s)).items)).toEqual([]);
    for (const dni of ["'", '%', '_', ' . ']) {
      expect((await search({ dni }, undefined, s)).total).toBe(0);
    }
  });

  it('quotes, backslashes and SQL in both names are searched as text', async () => {
    const t = await registerServicio(server);
    await create(
      donorInput({ nombre: "Ana\\María 'Nena'", apellido: "O'Brien \\ Sáenz", dni: '30400001' }),
      t,
    );
    await create(donorInput({ nombre: 'Luis', apellido: 'Paz', dni: '30400002' }), t);
    const found = async (filter: Record<string, string>) => names((await search(filter, undefined, t)).items);
    expect(await found({ apellido: "o'b", nombre: 'ana\\' })).toEqual([
      "O'Brien \\ Sáenz, Ana\\María 'Nena'",
    ]);
    expect(await found({ apellido: 'saenz', nombre: "'nena" })).toEqual([
      "O'Brien \\ Sáenz, Ana\\María 'Nena'",
    ]);
    expect(await found({ apellido: "x' OR '1'='1", nombre: "' OR ''='" })).toEqual([]);
    expect(await found({ apellido: 'p', nombre: "l'); DROP TABLE donante; --" })).toEqual([]);
    expect(await found({ apellido: 'paz', nombre: 'lu' })).toEqual(['Paz, Luis']);
  });

  it('paginates with the total of the whole result', async () => {
    const all = await search({}, { offset: 0, limit: 100 }, s);
    expect(all.total).toBe(9);
    const page1 = await search({}, { offset: 0, limit: 4 }, s);
    const page2 = await search({}, { offset: 4, limit: 4 }, s);
    const page3 = await search({}, { offset: 8, limit: 4 }, s);
    expect(page1).toMatchObject({ total: 9, offset: 0, limit: 4 });
    expect([...page1.items, ...page2.items, ...page3.items].map((d) => d.id)).toEqual(
      all.items.map((d) => d.id),
    );
    expect(names(all.items)).toEqual([
      '100% Real, Pedro',
      'A_B, Marta',
      'AxB, Beatriz',
      'De la Fuente, José',
      'Gómez, Carlos',
      'Muñoz, Lucía',
      'Pereyra, Ana',
      'Pérez, Ángel',
      'Pérez, Juan',
    ]);
    const tooMany = await server.gql(SEARCH, { page: { limit: 101 } }, s.token);
    expect(tooMany.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('lists whole-apellido matches first, then later-word matches, paging across both', async () => {
    const t = await registerServicio(server);
    const people: [string, string][] = [
      ['Ana', 'Álvarez González'],
      ['Berta', 'González'],
      ['Carla', 'Gonzalo'],
      ['Dora', 'Pérez Gonzálvez'],
      ['Eva', 'González Ruiz'],
      ['Fabián', 'Ruiz'],
    ];
    await createPeople(people, 30100000, t);
    const order = [
      'González, Berta',
      'González Ruiz, Eva',
      'Gonzalo, Carla',
      'Álvarez González, Ana',
      'Pérez Gonzálvez, Dora',
    ];
    const all = await search({ apellido: 'gonz' }, undefined, t);
    expect(names(all.items)).toEqual(order);
    expect(all).toMatchObject({ total: 5, totalExacto: true });
    for (const offset of [0, 1, 2, 3, 4, 5, 6]) {
      const page = await search({ apellido: 'GONZ' }, { offset, limit: 2 }, t);
      expect(names(page.items)).toEqual(order.slice(offset, offset + 2));
      expect(page).toMatchObject({ total: 5, totalExacto: true });
    }
    // The other field matches any of its words; a later word of the apellido lists last.
    expect(names((await search({ apellido: 'ruiz' }, undefined, t)).items)).toEqual([
      'Ruiz, Fabián',
      'González Ruiz, Eva',
    ]);
    // Without an apellido, the list is ordered by nombre.
    expect(names((await search({ nombre: 'a' }, undefined, t)).items)).toEqual(['Álvarez González, Ana']);
    expect(names((await search({ nombre: 'r', apellido: 'gon' }, undefined, t)).items)).toEqual([]);
    expect(names((await search({ nombre: 'eva', apellido: 'ruiz' }, undefined, t)).items)).toEqual([
      'González Ruiz, Eva',
    ]);
  });

  it('matches a later word of either field, words split by blanks or hyphens, each donor once', async () => {
    const t = await registerServicio(server);
    const people: [string, string][] = [
      ['María José', 'González'],
      ['Ana María José', 'Pérez González'],
      ['José', 'Pérez-Gómez'],
      ['Mar', 'Zubiri Acosta Aguirre'],
      ['María', 'Gonzalo'],
    ];
    await createPeople(people, 30200000, t);
    const found = async (filter: Record<string, string>) => names((await search(filter, undefined, t)).items);
    // Whole fields first; then the later-word matches, by the matching words.
    expect(await found({ apellido: 'gonzalez', nombre: 'jose' })).toEqual([
      'González, María José',
      'Pérez González, Ana María José',
    ]);
    expect(await found({ apellido: 'gonz', nombre: 'maria jose' })).toEqual([
      'González, María José',
      'Pérez González, Ana María José',
    ]);
    expect(await found({ nombre: 'jose' })).toEqual([
      'Pérez-Gómez, José',
      'González, María José',
      'Pérez González, Ana María José',
    ]);
    expect(await found({ apellido: 'gomez' })).toEqual(['Pérez-Gómez, José']);
    expect(await found({ apellido: 'perez-g' })).toEqual(['Pérez-Gómez, José']);
    // Two later words start with 'a': the donor is listed and counted once.
    expect(await found({ apellido: 'a' })).toEqual(['Zubiri Acosta Aguirre, Mar']);
    expect(await found({ apellido: 'ag', nombre: 'mar' })).toEqual(['Zubiri Acosta Aguirre, Mar']);
    expect(await search({ apellido: 'a', nombre: 'ma' }, { offset: 0, limit: 1 }, t)).toMatchObject({
      items: [{ apellido: 'Zubiri Acosta Aguirre' }],
      total: 1,
      totalExacto: true,
    });
    expect(await found({ apellido: 'gonzalez', nombre: 'ana maria jose' })).toEqual([
      'Pérez González, Ana María José',
    ]);
    expect(await found({ apellido: 'jose' })).toEqual([]);
  });

  it('follows a change of names and a deletion at once', async () => {
    const t = await registerServicio(server);
    const donor = await create(donorInput({ nombre: 'Inés', apellido: 'Ríos Benítez', dni: '30300001' }), t);
    const keys = async () =>
      Number(
        (
          await server.dataSource.query(
            `SELECT count(*)::int AS n FROM donante_clave WHERE donante_id = $1`,
            [donor.id],
          )
        )[0].n,
      );
    expect(names((await search({ apellido: 'benitez' }, undefined, t)).items)).toEqual([
      'Ríos Benítez, Inés',
    ]);
    expect(await keys()).toBe(1);
    const upd = await server.gql(
      UPDATE,
      { id: donor.id, input: donorInput({ nombre: 'Inés Sofía', apellido: 'Ríos Acuña', dni: '30300001' }) },
      t.token,
    );
    expect(upd.errors).toBeUndefined();
    expect((await search({ apellido: 'benitez' }, undefined, t)).items).toEqual([]);
    expect(names((await search({ apellido: 'acuna', nombre: 'sofia' }, undefined, t)).items)).toEqual([
      'Ríos Acuña, Inés Sofía',
    ]);
    expect(await keys()).toBe(3);
    // Recording a donation (ultima_donacion) leaves the keys alone.
    await server.dataSource.query(`UPDATE donante SET ultima_donacion = current_date WHERE id = $1`, [
      donor.id,
    ]);
    expect(await keys()).toBe(3);
    expect((await server.gql(DELETE, { id: donor.id }, t.token)).errors).toBeUndefined();
    expect((await search({ apellido: 'acuna' }, undefined, t)).items).toEqual([]);
    expect((await search({ nombre: 'sofia' }, undefined, t)).items).toEqual([]);
    expect(await keys()).toBe(0);
  });

  it(`counts up to ${DONANTES_TOTAL_MAX} matches and says when there are more`, async () => {
    const t = await registerServicio(server);
    await server.dataSource.query(
      `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
         nacionalidad, es_voluntario)
       SELECT gen_random_uuid(), $1, 'Nombre ' || lpad(i::text, 3, '0'), CASE WHEN i % 2 = 0 THEN 'Tópez' ELSE 'Ruiz Topez' END,
         (31000000 + i)::text, '1990-01-01', 'Femenino', 'Buenos Aires', 'Argentina', 'Si'
       FROM generate_series(1, 250) AS i`,
      [t.servicio],
    );
    const first = await search({ apellido: 'topez' }, { offset: 0, limit: 20 }, t);
    expect(first).toMatchObject({ total: DONANTES_TOTAL_MAX, totalExacto: false });
    expect(first.items.every((d) => d.apellido === 'Tópez')).toBe(true);
    // The last page, which ends the list, knows the exact total.
    const last = await search({ apellido: 'topez' }, { offset: 240, limit: 20 }, t);
    expect(last.items).toHaveLength(10);
    expect(last).toMatchObject({ total: 250, totalExacto: true });
    expect(last.items.every((d) => d.apellido === 'Ruiz Topez')).toBe(true);
    // Past the end: nothing, and the total is again a lower bound.
    const past = await search({ apellido: 'topez' }, { offset: 260, limit: 20 }, t);
    expect(past).toMatchObject({ items: [], total: DONANTES_TOTAL_MAX, totalExacto: false });
    // The whole list, page by page, has every donor once.
    const seen = new Set<string>();
    for (let offset = 0; offset < 250; offset += 100) {
      for (const d of (await search({ apellido: 'top' }, { offset, limit: 100 }, t)).items) seen.add(d.id);
      for (const d of (await search({ apellido: 'ruiz' }, { offset, limit: 100 }, t)).items) seen.add(d.id);
    }
    expect(seen.size).toBe(250);
  });

  it('says whether each donor may donate, from the donation history', async () => {
    const [juan] = (await search({ dni: '20111111' }, undefined, s)).items;
    const [ana] = (await search({ dni: '20222222' }, undefined, s)).items;
    const today = todayIso();
    const donacion = async (donanteId: string, fecha: string, numero: number) => {
      await server.dataSource.query(
        `INSERT INTO donacion (id, servicio_id, donante_id, numero, fecha, hora, lote_bolsa)
         VALUES (gen_random_uuid(), $1, $2, $3, $4, '10:00', 'L')`,
        [s.servicio, donanteId, numero, fecha],
      );
      await server.dataSource.query(`UPDATE donante SET ultima_donacion = $1 WHERE id = $2`, [
        fecha,
        donanteId,
      ]);
    };
    await donacion(juan.id, addDays(today, -55), 1);
    await donacion(ana.id, addDays(today, -56), 2);
    const res = await server.gql<{ donante: Donor }>(GET, { id: juan.id }, s.token);
    expect(res.data?.donante).toMatchObject({
      ultimaDonacion: addDays(today, -55),
      puedeDonar: false,
      proximaDonacion: addDays(today, 1),
    });
    const [anaAfter] = (await search({ dni: '20222222' }, undefined, s)).items;
    expect(anaAfter).toMatchObject({ puedeDonar: true, ultimaDonacion: addDays(today, -56) });
  });
});

describe('read columns', () => {
  it('every field of the GraphQL type Donante has its columns, and every shown column a field', () => {
    const type = getSchema(resolvers).getType('Donante') as GraphQLObjectType;
    expect(Object.keys(type.getFields()).sort()).toEqual(Object.keys(DONANTE_FIELD_COLUMNS).sort());
    const columns = server.dataSource.getMetadata(Donante).columns.map((c) => c.databaseName);
    const omitted = ['created_at', 'updated_at', 'deleted_at', 'duplicado_de', 'fusionado_con', 'persona_id'];
    expect(
      DONANTE_COLUMNS.split(', ')
        .map((c) => c.replace(/^d\./, ''))
        .sort(),
    ).toEqual(columns.filter((c) => !omitted.includes(c)).sort());
  });

  it('a search answers every field asked for, in any shape of query', async () => {
    const t = await registerServicio(server);
    const full = await create(
      donorInput({ nombre: 'Rocío', apellido: 'Quiroga', email: 'rocio@example.com', telefono: '11 5555' }),
      t,
    );
    const byId = (await server.gql<{ donante: Donor }>(GET, { id: full.id }, t.token)).data!.donante;
    const ask = async (query: string, variables: Record<string, unknown> = {}) => {
      const res = await server.gql<{ donantes: { items: Donor[] } }>(query, variables, t.token);
      expect(res.errors).toBeUndefined();
      return res.data!.donantes.items[0];
    };
    // Every field, as the donor screen reads them.
    expect(await ask(`{ donantes(filter: { apellido: "quiroga" }) { items { ${FIELDS} } } }`)).toEqual(byId);
    // A few fields, through a fragment, an inline fragment and an alias.
    expect(
      await ask(`query { donantes(filter: { apellido: "quiroga" }) { total items { ...R ... on Donante { email } d: dni } } }
        fragment R on Donante { id nombre puedeDonar }`),
    ).toEqual({ id: full.id, nombre: 'Rocío', puedeDonar: true, email: 'rocio@example.com', d: full.dni });
    // A field under @include: everything is read.
    expect(
      await ask(
        `query ($t: Boolean!) { donantes(filter: { apellido: "quiroga" }) { items { id telefono @include(if: $t) } } }`,
        { t: true },
      ),
    ).toEqual({ id: full.id, telefono: '11 5555' });
  });
});

describe('indexes', () => {
  it('serve every statement of the DNI and name searches, without reading the whole servicio', async () => {
    const s = await registerServicio(server);
    await server.dataSource.query(
      `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
         nacionalidad, es_voluntario)
       SELECT gen_random_uuid(), $1, 'Nombre' || i, 'Apellido' || i || CASE WHEN i % 7 = 0 THEN ' Otro' ELSE '' END,
         (40000000 + i)::text, '1990-01-01', 'Masculino', 'Buenos Aires', 'Argentina', 'Si'
       FROM generate_series(1, 5000) AS i`,
      [s.servicio],
    );
    await server.dataSource.query('VACUUM ANALYZE donante');
    const filters = [
      { dni: '4000012' },
      { apellido: 'apellido12' },
      { apellido: 'apellido1', nombre: 'nombre12' },
      { nombre: 'nombre12' },
      { apellido: 'otro' },
      {},
    ];
    // The statements are prepared (database/prepared.ts): Postgres may switch to a plan made
    // without the values; EXPLAIN (GENERIC_PLAN) shows that plan (Postgres 16 and later).
    const [{ v }] = await server.dataSource.query(`SELECT current_setting('server_version_num')::int AS v`);
    const generic = v >= 160000;
    for (const filter of filters) {
      // The statements the search really sends, each planned by Postgres.
      const plans: string[] = [];
      const explain = async (sql: string, params: unknown[] = []) => {
        const plan = (await server.dataSource.query(sql, params)) as Record<string, string>[];
        plans.push(plan.map((r) => r['QUERY PLAN']).join('\n'));
      };
      const run: RunQuery = async (sql, params) => {
        await explain(`EXPLAIN ${sql}`, params);
        if (generic) await explain(`EXPLAIN (GENERIC_PLAN) ${sql}`);
        return server.dataSource.query(sql, params);
      };
      await searchDonantes(run, s.servicio, filter, 0, 20);
      await searchDonantes(run, s.servicio, filter, 20, 20);
      expect(plans.length).toBeGreaterThan(0);
      for (const plan of plans) {
        expect({ filter, plan }).toEqual({
          filter,
          plan: expect.stringMatching(/donante_(busqueda|servicio_dni|clave_apellido|clave_nombre)_/),
        });
        expect({ filter, plan }).toEqual({ filter, plan: expect.not.stringContaining('Seq Scan') });
      }
    }
  });
});

describe('update', () => {
  it('replaces the data, audits the changes', async () => {
    const donor = await create(donorInput({ nombre: 'Pedro', apellido: 'Sosa' }));
    const input = donorInput({
      nombre: 'Pedro Pablo',
      apellido: 'Sosa',
      dni: donor.dni,
      email: 'pp@sosa.com',
    });
    const res = await server.gql<{ updateDonante: Donor }>(UPDATE, { id: donor.id, input }, a.token);
    expect(res.errors).toBeUndefined();
    expect(res.data?.updateDonante).toMatchObject({
      id: donor.id,
      nombre: 'Pedro Pablo',
      email: 'pp@sosa.com',
    });
    expect(await row(donor.id)).toMatchObject({ nombre: 'Pedro Pablo', email: 'pp@sosa.com' });
    const entries = await audits(donor.id);
    expect(entries.map((e: { accion: string }) => e.accion)).toEqual(['crear', 'editar']);
    expect(entries[1].cambios).toEqual({
      nombre: ['Pedro', 'Pedro Pablo'],
      email: [null, 'pp@sosa.com'],
    });
  });

  it('refuses invalid data and a DNI taken by another donor, leaving the row unchanged', async () => {
    const one = await create(donorInput({ nombre: 'Uno', apellido: 'Ríos' }));
    const two = await create(donorInput({ nombre: 'Dos', apellido: 'Ríos' }));
    const before = await row(two.id);
    const dup = await server.gql(UPDATE, { id: two.id, input: donorInput({ dni: one.dni }) }, a.token);
    expect(dup.errors?.[0].extensions?.errors).toEqual([
      { field: 'dni', msg: `Ya existe un donante con DNI ${one.dni}: Ríos, Uno` },
    ]);
    const bad = await server.gql(
      UPDATE,
      { id: two.id, input: donorInput({ nombre: '', dni: two.dni }) },
      a.token,
    );
    expect(bad.errors?.[0].extensions?.errors).toEqual([{ field: 'nombre', msg: 'Requerido' }]);
    expect(await row(two.id)).toEqual(before);
  });
});

describe('tenant scoping and soft delete', () => {
  it("another servicio's donor is invisible and cannot be changed or deleted", async () => {
    const donor = await create(donorInput({ nombre: 'Secreto', apellido: 'Ajeno' }), b);
    const before = await row(donor.id);
    expect((await search({ apellido: 'ajeno' })).items).toEqual([]);
    const get = await server.gql(GET, { id: donor.id }, a.token);
    expect(get.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(get.errors?.[0].message).toBe('No se encuentra el donante');
    const upd = await server.gql(UPDATE, { id: donor.id, input: donorInput({ nombre: 'Hack' }) }, a.token);
    expect(upd.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const del = await server.gql(DELETE, { id: donor.id }, a.token);
    expect(del.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(await row(donor.id)).toEqual(before);
    expect(await audits(donor.id)).toHaveLength(1);
    // The owner still sees it.
    expect((await search({ apellido: 'ajeno' }, undefined, b)).items).toHaveLength(1);
  });

  it('an unknown or malformed id is NOT_FOUND', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no-es-un-id']) {
      const res = await server.gql(GET, { id }, a.token);
      expect(res.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    }
  });

  it('delete keeps the row with deleted_at, hides it everywhere and is audited', async () => {
    const donor = await create(donorInput({ nombre: 'Borrable', apellido: 'Zárate' }));
    const del = await server.gql(DELETE, { id: donor.id }, a.token);
    expect(del.data).toEqual({ deleteDonante: true });
    const saved = await row(donor.id);
    expect(saved?.deleted_at).toBeInstanceOf(Date);
    expect(saved?.nombre).toBe('Borrable');
    expect((await search({ apellido: 'zarate' })).items).toEqual([]);
    expect((await server.gql(GET, { id: donor.id }, a.token)).errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const upd = await server.gql(UPDATE, { id: donor.id, input: donorInput() }, a.token);
    expect(upd.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const again = await server.gql(DELETE, { id: donor.id }, a.token);
    expect(again.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    const entries = await audits(donor.id);
    expect(entries.map((e: { accion: string }) => e.accion)).toEqual(['crear', 'eliminar']);
    expect(entries[1]).toMatchObject({ usuario_id: a.uid, servicio_id: a.servicio });
  });
});
