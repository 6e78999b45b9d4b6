/**
 * The donation list ordered by any of its columns, against a real Postgres, over GraphQL and the
 * REST shim: the order, page after page; without an order, newest first as always; a bad column
 * or direction is refused in Spanish.
 */
import { addDays, todayIso } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import { registerServicio, Session, startTestServer, TestServer, ok } from '../../test-utils/harness';

jest.setTimeout(120_000);

const TODAY = todayIso();
const LISTA = `query ($filter: DonacionFilter, $page: PageInput, $orden: DonacionOrden) {
  donaciones(filter: $filter, page: $page, orden: $orden) { total items { id numero fecha hora abo rh apellido nombre } }
}`;
type Fila = {
  id: string;
  numero: number;
  fecha: string;
  hora: string;
  abo: string;
  rh: string;
  apellido: string;
};
type Pagina = { total: number; items: Fila[] };

let server: TestServer;
let s: Session;
let dni = 52_000_000;

async function donacion(
  apellido: string,
  numero: number,
  fecha: string,
  hora: string,
  abo: string,
  rh: string,
): Promise<void> {
  const donante = ok(
    await server.gql<{ createDonante: { id: string } }>(
      `mutation ($input: DonanteInput!) { createDonante(input: $input) { id } }`,
      { input: { nombre: 'Ana', apellido, dni: String((dni += 1)), fechaNacimiento: '1990-05-10' } },
      s.token,
    ),
  ).createDonante.id;
  const { id } = ok(
    await server.gql<{ createDonacion: { id: string } }>(
      `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
      { input: { donanteId: donante, numero, fecha, hora, loteBolsa: 'L-1' } },
      s.token,
    ),
  ).createDonacion;
  if (abo || rh) {
    ok(
      await server.gql(
        `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
        { id, input: { abo, rh } },
        s.token,
      ),
    );
  }
}

async function lista(variables: Record<string, unknown>): Promise<Pagina> {
  return ok(await server.gql<{ donaciones: Pagina }>(LISTA, variables, s.token)).donaciones;
}
const numeros = (p: Pagina) => p.items.map((f) => f.numero);

beforeAll(async () => {
  server = await startTestServer();
  s = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100) }`, {}, s.token));
  await donacion('Ortiz', 12, TODAY, '08:15', 'O', 'NEGATIVO');
  await donacion('álvarez', 30, TODAY, '10:40', 'A', 'POSITIVO');
  await donacion('Zárate', 5, TODAY, '09:00', '', '');
  await donacion('Benítez', 41, TODAY, '11:05', 'AB', 'POSITIVO');
  await donacion('Luna', 7, addDays(TODAY, -3), '12:00', 'A', 'NEGATIVO');
});
afterAll(() => server.close());

describe('donaciones(orden): each column both ways, on the server', () => {
  it('without orden: newest first, as always', async () => {
    expect(numeros(await lista({}))).toEqual([41, 30, 5, 12, 7]);
    expect(numeros(await lista({ filter: { fecha: TODAY } }))).toEqual([41, 30, 5, 12]);
  });

  it('by número', async () => {
    expect(numeros(await lista({ orden: { campo: 'NUMERO' } }))).toEqual([5, 7, 12, 30, 41]);
    expect(numeros(await lista({ orden: { campo: 'NUMERO', direccion: 'DESC' } }))).toEqual([
      41, 30, 12, 7, 5,
    ]);
  });

  it('by fecha y hora', async () => {
    expect(numeros(await lista({ orden: { campo: 'FECHA' } }))).toEqual([7, 12, 5, 30, 41]);
    expect(numeros(await lista({ orden: { campo: 'FECHA', direccion: 'DESC' } }))).toEqual([
      41, 30, 5, 12, 7,
    ]);
  });

  it('by the donor’s apellido, accents and case aside', async () => {
    const asc = await lista({ orden: { campo: 'APELLIDO' } });
    expect(asc.items.map((f) => f.apellido)).toEqual(['álvarez', 'Benítez', 'Luna', 'Ortiz', 'Zárate']);
    const desc = await lista({ orden: { campo: 'APELLIDO', direccion: 'DESC' } });
    expect(desc.items.map((f) => f.apellido)).toEqual(['Zárate', 'Ortiz', 'Luna', 'Benítez', 'álvarez']);
  });

  it('by grupo y factor, those without a result last either way', async () => {
    expect(numeros(await lista({ orden: { campo: 'GRUPO' } }))).toEqual([7, 30, 41, 12, 5]);
    expect(numeros(await lista({ orden: { campo: 'GRUPO', direccion: 'DESC' } }))).toEqual([
      12, 41, 30, 7, 5,
    ]);
  });

  it('with a filter and pages: the pages are the ordered list cut, with one total', async () => {
    const orden = { campo: 'NUMERO', direccion: 'DESC' };
    const a = await lista({ orden, filter: { fecha: TODAY }, page: { offset: 0, limit: 3 } });
    const b = await lista({ orden, filter: { fecha: TODAY }, page: { offset: 3, limit: 3 } });
    expect([...numeros(a), ...numeros(b)]).toEqual([41, 30, 12, 5]);
    expect([a.total, b.total]).toEqual([4, 4]);
  });

  it('a column that does not exist is refused and lists nothing', async () => {
    const res = await server.gql(LISTA, { orden: { campo: 'SEROLOGIA' } }, s.token);
    expect(res.data ?? null).toBeNull();
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(res.errors?.[0].message).toBe(MSG.datosInvalidos);
  });
});

describe('REST /api/donacion/search: orden and direccion', () => {
  type Rest = { donaciones: { numero: number }[]; total: number };
  const buscar = (query: string) => server.rest<Rest>('GET', `/donacion/search?${query}`, undefined, s.token);

  it('orders as GraphQL does', async () => {
    const res = await buscar('orden=GRUPO&direccion=DESC');
    expect([res.status, res.body.donaciones.map((x) => Number(x.numero))]).toEqual([200, [12, 41, 30, 7, 5]]);
    const porNumero = await buscar('orden=numero');
    expect(porNumero.body.donaciones.map((x) => Number(x.numero))).toEqual([5, 7, 12, 30, 41]);
  });

  it('a bad column or direction is a 400 in Spanish', async () => {
    for (const [query, msg] of [
      ['orden=SEROLOGIA', MSG.ordenInvalido],
      ['orden=FECHA&direccion=1', MSG.valorNoPermitido],
    ]) {
      const res = await buscar(query);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toContain(msg);
    }
  });
});
