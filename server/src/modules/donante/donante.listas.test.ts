/**
 * The donor list ordered by any of its columns and filtered by today's eligibility and by blood
 * group, against a real Postgres, over GraphQL and the REST shim: which donors come, in which
 * order, page after page, and what a bad value answers (and that it changes nothing).
 */
import type { AuthUser } from '../../auth/context';
import { addDays, todayIso } from '../../domain/dates';
import type { Elegibilidad } from '../../domain/elegibilidad';
import { DONANTES_ELEGIBILIDAD_REVISADOS_MAX, DONANTES_TOTAL_MAX } from '../../domain/limites';
import { MSG } from '../../domain/messages';
import type { RunQuery } from '../../database/prepared';
import { PAGE_MAX } from '../../graphql/pagination';
import { registerServicio, Session, startTestServer, TestServer, ok } from '../../test-utils/harness';
import { DonanteService } from './donante.service';

jest.setTimeout(120_000);

const TODAY = todayIso();
const LISTA = `query ($filter: DonanteFilter, $page: PageInput, $orden: DonanteOrden) {
  donantes(filter: $filter, page: $page, orden: $orden) {
    total totalExacto
    items { id apellido nombre dni ultimaDonacion elegibilidad { puedeDonar } }
  }
}`;

type Fila = {
  id: string;
  apellido: string;
  nombre: string;
  dni: string;
  ultimaDonacion: string | null;
  elegibilidad: { puedeDonar: boolean };
};
type Pagina = { total: number; totalExacto: boolean; items: Fila[] };

let server: TestServer;
let s: Session;
let numero = 0;

/** Every donor of the fixture by a short name. */
const d: Record<string, Fila> = {};

async function donante(clave: string, apellido: string, nombre: string, dni: string): Promise<string> {
  const res = await server.gql<{ createDonante: { id: string } }>(
    `mutation ($input: DonanteInput!) { createDonante(input: $input) { id } }`,
    { input: { nombre, apellido, dni, fechaNacimiento: '1990-05-10', sexo: 'Masculino' } },
    s.token,
  );
  const id = ok(res).createDonante.id;
  d[clave] = { id } as Fila;
  return id;
}

async function donacion(
  donanteId: string,
  fecha: string,
  resultados?: Record<string, unknown>,
): Promise<void> {
  const input = { donanteId, numero: (numero += 1), fecha, hora: '09:30', loteBolsa: 'L-1' };
  const created = ok(
    await server.gql<{ createDonacion: { id: string } }>(
      `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
      { input },
      s.token,
    ),
  ).createDonacion;
  if (resultados) {
    ok(
      await server.gql(
        `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
        { id: created.id, input: resultados },
        s.token,
      ),
    );
  }
}

async function lista(variables: Record<string, unknown>): Promise<Pagina> {
  return ok(await server.gql<{ donantes: Pagina }>(LISTA, variables, s.token)).donantes;
}

const claves = (p: Pagina) => p.items.map((f) => Object.keys(d).find((k) => d[k].id === f.id) ?? f.id);

beforeAll(async () => {
  server = await startTestServer();
  s = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000) }`, {}, s.token));
  // Never donated: may donate; no group.
  await donante('nuevo', 'Álvarez', 'Ana', '7123456');
  // Donated today, A+: may not (the interval since the last donation).
  await donacion(await donante('hoy', 'Benítez', 'Bruno', '20111222'), TODAY, { abo: 'A', rh: 'POSITIVO' });
  // Donated 100 days ago, O-: may donate.
  await donacion(await donante('hace100', 'Cabrera', 'Carla', '12345678'), addDays(TODAY, -100), {
    abo: 'O',
    rh: 'NEGATIVO',
  });
  // Deferred for good 100 days ago, B+: may not.
  await donacion(await donante('definitivo', 'Domínguez', 'Diego', '30999000'), addDays(TODAY, -100), {
    abo: 'B',
    rh: 'POSITIVO',
    exclusionDefinitiva: 'Definitiva',
  });
  // 70 years old today (written in the database: the form refuses it): may not, by age.
  const mayor = await donante('mayor', 'Estévez', 'Elena', '4555666');
  await server.dataSource.query(`UPDATE donante SET fecha_nacimiento = $1 WHERE id = $2`, [
    addDays(TODAY, -70 * 366),
    mayor,
  ]);
  // Same surname as another, to see the tie broken by the name then the id.
  await donacion(await donante('hace200', 'Cabrera', 'Bautista', '9000001'), addDays(TODAY, -200), {
    abo: 'A',
    rh: 'NEGATIVO',
  });
  // Everyone's row as the list shows it, to compare the filters with it.
  for (const f of (await lista({ page: { limit: 100 } })).items) {
    const clave = Object.keys(d).find((k) => d[k].id === f.id)!;
    d[clave] = f;
  }
});
afterAll(() => server.close());

describe('orden: the list ordered by each of its columns, on the server, the id breaking ties', () => {
  it('without orden the order is the one it always was (apellido, nombre)', async () => {
    expect(claves(await lista({}))).toEqual(['nuevo', 'hoy', 'hace200', 'hace100', 'definitivo', 'mayor']);
  });

  it('by apellido y nombre, both ways', async () => {
    const asc = claves(await lista({ orden: { campo: 'APELLIDO' } }));
    expect(asc).toEqual(['nuevo', 'hoy', 'hace200', 'hace100', 'definitivo', 'mayor']);
    expect(claves(await lista({ orden: { campo: 'APELLIDO', direccion: 'DESC' } }))).toEqual(
      [...asc].reverse(),
    );
  });

  it('by DNI as a number reads (7123456 before 12345678), both ways', async () => {
    const asc = claves(await lista({ orden: { campo: 'DNI', direccion: 'ASC' } }));
    expect(asc).toEqual(['mayor', 'nuevo', 'hace200', 'hace100', 'hoy', 'definitivo']);
    expect(claves(await lista({ orden: { campo: 'DNI', direccion: 'DESC' } }))).toEqual([...asc].reverse());
  });

  it('by última donación, who never donated last either way; equal days by id', async () => {
    const asc = await lista({ orden: { campo: 'ULTIMA_DONACION' } });
    const conFecha = asc.items.filter((f) => f.ultimaDonacion);
    expect(conFecha.map((f) => f.ultimaDonacion)).toEqual([...conFecha.map((f) => f.ultimaDonacion!)].sort());
    expect(claves(asc).slice(0, 1)).toEqual(['hace200']);
    // hace100 and definitivo donated the same day: the id decides, and the opposite way in DESC.
    const mismoDia = [d.hace100.id, d.definitivo.id].sort();
    expect(asc.items.slice(1, 3).map((f) => f.id)).toEqual(mismoDia);
    expect(claves(asc).slice(3, 4)).toEqual(['hoy']);
    expect(asc.items.slice(4).every((f) => f.ultimaDonacion === null)).toBe(true);
    const desc = await lista({ orden: { campo: 'ULTIMA_DONACION', direccion: 'DESC' } });
    expect(claves(desc).slice(0, 1)).toEqual(['hoy']);
    expect(desc.items.slice(1, 3).map((f) => f.id)).toEqual([...mismoDia].reverse());
    expect(desc.items.slice(4).every((f) => f.ultimaDonacion === null)).toBe(true);
  });

  it('pages of an ordered list are the whole list cut in order, with one total', async () => {
    const orden = { campo: 'DNI', direccion: 'DESC' };
    const todo = await lista({ orden });
    const paginas = [];
    for (let offset = 0; offset < 6; offset += 4)
      paginas.push(await lista({ orden, page: { offset, limit: 4 } }));
    expect(paginas.flatMap((p) => p.items.map((f) => f.id))).toEqual(todo.items.map((f) => f.id));
    expect(paginas.map((p) => p.total)).toEqual([6, 6]);
  });

  it('an order combines with a search: the whole matches and the later-word ones are one list', async () => {
    const res = await lista({ filter: { apellido: 'cab' }, orden: { campo: 'DNI' } });
    expect(claves(res)).toEqual(['hace200', 'hace100']);
    expect(res.total).toBe(2);
  });

  it('a column that is not in the list is refused by the schema, and nothing is listed', async () => {
    const res = await server.gql(LISTA, { orden: { campo: 'nombre; DROP TABLE donante' } }, s.token);
    expect(res.data ?? null).toBeNull();
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await lista({})).total).toBe(6);
  });
});

describe('filter: today’s eligibility, decided by the same rules as Donante.elegibilidad', () => {
  it('puedeDonar true and false split the donors as each one’s elegibilidad says', async () => {
    const si = await lista({ filter: { puedeDonar: true } });
    const no = await lista({ filter: { puedeDonar: false } });
    expect(claves(si).sort()).toEqual(['hace100', 'hace200', 'nuevo']);
    expect(claves(no).sort()).toEqual(['definitivo', 'hoy', 'mayor']);
    expect(si.items.every((f) => f.elegibilidad.puedeDonar)).toBe(true);
    expect(no.items.every((f) => !f.elegibilidad.puedeDonar)).toBe(true);
    expect([si.total, si.totalExacto, no.total, no.totalExacto]).toEqual([3, true, 3, true]);
    // Each donor's own answer agrees with the filter that lists it.
    for (const f of Object.values(d))
      expect(si.items.some((x) => x.id === f.id)).toBe(f.elegibilidad.puedeDonar);
  });

  it('a record whose DNI has the same digits as one who donated today is that person: not eligible', async () => {
    const id = await donante('parecido', 'Fuentes', 'Fabián', 'M20111222');
    const no = await lista({ filter: { puedeDonar: false, apellido: 'fuentes' } });
    expect([claves(no), no.items[0]?.elegibilidad.puedeDonar]).toEqual([['parecido'], false]);
    expect(claves(await lista({ filter: { puedeDonar: true, apellido: 'fuentes' } }))).toEqual([]);
    ok(await server.gql(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id }, s.token));
    delete d.parecido;
  });

  it('combines with the text search, the order and the pages', async () => {
    const res = await lista({
      filter: { puedeDonar: false },
      orden: { campo: 'APELLIDO', direccion: 'DESC' },
      page: { offset: 1, limit: 1 },
    });
    expect(claves(res)).toEqual(['definitivo']);
    expect(res.total).toBe(3);
    expect(claves(await lista({ filter: { puedeDonar: true, apellido: 'cabrera' } }))).toEqual([
      'hace200',
      'hace100',
    ]);
  });
});

describe('filter: blood group and factor, those of the donor’s donations', () => {
  it('by group, by factor and by both', async () => {
    expect(claves(await lista({ filter: { abo: 'A' } }))).toEqual(['hoy', 'hace200']);
    expect(claves(await lista({ filter: { rh: 'NEGATIVO' } }))).toEqual(['hace200', 'hace100']);
    expect(claves(await lista({ filter: { abo: 'O', rh: 'NEGATIVO' } }))).toEqual(['hace100']);
    expect(claves(await lista({ filter: { abo: 'AB' } }))).toEqual([]);
    // Written in lower case, the same.
    expect(claves(await lista({ filter: { abo: 'b', rh: 'positivo' } }))).toEqual(['definitivo']);
  });

  it('with eligibility, a text and an order', async () => {
    expect(claves(await lista({ filter: { abo: 'A', puedeDonar: true } }))).toEqual(['hace200']);
    expect(claves(await lista({ filter: { abo: 'A', puedeDonar: false } }))).toEqual(['hoy']);
    expect(
      claves(
        await lista({ filter: { rh: 'POSITIVO', nombre: 'b' }, orden: { campo: 'DNI', direccion: 'DESC' } }),
      ),
    ).toEqual(['hoy']);
  });

  it('a deleted donation gives its donor no group', async () => {
    const id = await donante('borrada', 'Zapata', 'Zoe', '33444555');
    await donacion(id, addDays(TODAY, -300), { abo: 'AB', rh: 'NEGATIVO' });
    expect(claves(await lista({ filter: { abo: 'AB' } }))).toEqual(['borrada']);
    const [row] = (await server.dataSource.query(`SELECT id FROM donacion WHERE donante_id = $1`, [id])) as {
      id: string;
    }[];
    ok(await server.gql(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id: row.id }, s.token));
    expect(claves(await lista({ filter: { abo: 'AB' } }))).toEqual([]);
    ok(await server.gql(`mutation ($id: ID!) { deleteDonante(id: $id) }`, { id }, s.token));
  });

  it('a group or factor that does not exist is refused in Spanish, naming the field', async () => {
    for (const [filter, field, msg] of [
      [{ abo: 'C' }, 'abo', MSG.grupoFiltroInvalido],
      [{ rh: '+' }, 'rh', MSG.factorFiltroInvalido],
      [{ abo: "A' OR '1'='1" }, 'abo', MSG.textoDemasiadoLargo(2)],
    ] as const) {
      const res = await server.gql(LISTA, { filter }, s.token);
      expect(res.data ?? null).toBeNull();
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].extensions?.errors).toEqual([{ field, msg }]);
    }
  });
});

describe('another servicio', () => {
  it('finds none of these donors, whatever the filters and the order', async () => {
    const otro = await registerServicio(server);
    for (const filter of [{ puedeDonar: true }, { puedeDonar: false }, { abo: 'A' }, { rh: 'NEGATIVO' }]) {
      const res = ok(
        await server.gql<{ donantes: Pagina }>(LISTA, { filter, orden: { campo: 'DNI' } }, otro.token),
      );
      expect([res.donantes.total, res.donantes.items]).toEqual([0, []]);
    }
  });
});

describe('REST /api/donante/search: the same order and filters as query parameters', () => {
  type Rest = { donantes: { _id: string }[]; total: number; totalExacto: boolean };
  const buscar = (query: string) => server.rest<Rest>('GET', `/donante/search?${query}`, undefined, s.token);

  it('orden, direccion, abo, rh and puedeDonar', async () => {
    const res = await buscar('orden=DNI&direccion=DESC&puedeDonar=false');
    expect(res.status).toBe(200);
    expect(res.body.donantes.map((x) => x._id)).toEqual([d.definitivo.id, d.hoy.id, d.mayor.id]);
    const grupo = await buscar('abo=A&rh=NEGATIVO&puedeDonar=true');
    expect([grupo.status, grupo.body.donantes.map((x) => x._id), grupo.body.total]).toEqual([
      200,
      [d.hace200.id],
      1,
    ]);
  });

  it('a bad value is a 400 in Spanish naming the parameter', async () => {
    for (const [query, field, msg] of [
      ['orden=EDAD', 'orden', MSG.ordenInvalido],
      ['orden=DNI&direccion=arriba', 'direccion', MSG.valorNoPermitido],
      ['abo=Z', 'abo', MSG.grupoFiltroInvalido],
      ['puedeDonar=quizas', 'puedeDonar', MSG.valorNoPermitido],
    ]) {
      const res = await buscar(query);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(msg);
      expect(JSON.stringify(res.body)).toContain(field);
    }
  });
});

describe('the eligibility filter reads a bounded number of donors, and says so when they do not fill the page', () => {
  const MAX = DONANTES_ELEGIBILIDAD_REVISADOS_MAX;
  const ids = Array.from(
    { length: MAX + 1 },
    (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  );
  /** The search's statements answered without a database: every candidate, and the page's rows. */
  const run: RunQuery = async (sql, params) => {
    if (!sql.includes('unnest')) return ids.slice(0, Number(params.at(-1))).map((id) => ({ id }));
    return (params[0] as string[]).map((id) => ({ id, servicio_id: s.servicio }));
  };
  const auth = () => ({ uid: s.uid, servicio: s.servicio, rol: 'ROL_SERVICIO' }) as AuthUser;

  it('stops reading once the page and the count are filled', async () => {
    const leidos: number[] = [];
    const service = new DonanteService(server.dataSource, run, {
      deDonantes: async (_servicio, lote) => {
        leidos.push(lote.length);
        return new Map(lote.map((id) => [id, { puedeDonar: true } as Elegibilidad]));
      },
    });
    const page = await service.search(auth(), { puedeDonar: true }, { offset: 20, limit: 20 }, ['id']);
    expect(page.items.map((x) => x.id)).toEqual(ids.slice(20, 40));
    expect([page.total, page.totalExacto]).toEqual([DONANTES_TOTAL_MAX, false]);
    expect(leidos.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(DONANTES_TOTAL_MAX + PAGE_MAX);
  });

  it(`refuses in Spanish when the first ${MAX} donors do not fill the page`, async () => {
    let leidos = 0;
    const service = new DonanteService(server.dataSource, run, {
      deDonantes: async (_servicio, lote) => {
        leidos += lote.length;
        return new Map(lote.map((id) => [id, { puedeDonar: id.endsWith('7') } as Elegibilidad]));
      },
    });
    await expect(service.search(auth(), { puedeDonar: true }, { offset: 180, limit: 40 })).rejects.toThrow(
      MSG.elegibilidadFiltroAmplio(MAX),
    );
    expect(leidos).toBe(MAX);
    // A page the donors read do fill is answered, its total a minimum.
    const page = await service.search(auth(), { puedeDonar: true }, { offset: 0, limit: 20 }, ['id']);
    expect(page.items).toHaveLength(20);
    expect(page.totalExacto).toBe(false);
  });
});
