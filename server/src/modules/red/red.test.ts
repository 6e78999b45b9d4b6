/**
 * Regional networks against a real Postgres: the network's account, joining and leaving, the
 * network's figures, and donor safety across its members (the interval, deferrals, races), while
 * servicios outside the network see nothing of each other.
 */
import { randomUUID } from 'node:crypto';
import { addDays, formatDate, todayIso } from '../../domain/dates';
import { GqlResult, registerServicio, Session, startTestServer, TestServer } from '../../test-utils/harness';

jest.setTimeout(90_000);

const HOY = todayIso();
const REGISTER = `mutation ($input: RegisterInput!) { register(input: $input) { token usuario { id rol } } }`;
const RED = `{ red { id nombre codigoInvitacion miembros { id nombre } } }`;
const UNIRSE = `mutation ($codigo: String!) { unirseARed(codigo: $codigo) { id nombre red { id nombre } } }`;
const SALIR = `mutation { salirDeRed { id red { id } } }`;
const INDICADORES_RED = `query ($desde: String!, $hasta: String!) {
  indicadoresRed(desde: $desde, hasta: $hasta, agrupacion: MES) {
    total { donaciones donantesDistintos atendidos }
    porServicio { servicio { id nombre } indicadores { donaciones } }
  }
}`;
const CREATE = `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`;

let server: TestServer;
let numero = 0;

const ok = <T>(res: GqlResult<T>): T => {
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data;
};
const errorOf = (res: GqlResult) => res.errors?.[0];

type Red = { token: string; id: string; codigo: string; nombre: string };

async function nuevaRed(nombre = `Programa Provincial ${randomUUID().slice(0, 6)}`): Promise<Red> {
  const username = `red_${randomUUID().slice(0, 8)}`;
  const res = ok(
    await server.gql<{ register: { token: string; usuario: { id: string; rol: string } } }>(REGISTER, {
      input: {
        nombre,
        username,
        email: `${username}@salud.example`,
        password: 'clave-segura',
        password2: 'clave-segura',
        rol: 'ROL_RED',
      },
    }),
  );
  expect(res.register.usuario.rol).toBe('ROL_RED');
  const red = ok(
    await server.gql<{ red: { id: string; codigoInvitacion: string } }>(RED, {}, res.register.token),
  );
  return { token: res.register.token, id: red.red.id, codigo: red.red.codigoInvitacion, nombre };
}

async function servicio(nombre: string): Promise<Session> {
  const s = await registerServicio(server, { nombre });
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 1000000) }`, {}, s.token));
  return s;
}

async function donante(s: Session, dni: string): Promise<string> {
  const id = randomUUID();
  await server.dataSource.query(
    `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
       nacionalidad, es_voluntario)
     VALUES ($1, $2, 'Rosa', 'Funes', $3, '1985-02-03', 'Femenino', 'Córdoba', 'Argentina', 'Si')`,
    [id, s.servicio, dni],
  );
  return id;
}

const crear = (s: Session, donanteId: string, fecha: string) =>
  server.gql<{ createDonacion: { id: string } }>(
    CREATE,
    { input: { donanteId, numero: (numero += 1), fecha, hora: '10:00', loteBolsa: 'L' } },
    s.token,
  );

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("a network's account", () => {
  it('registers over GraphQL and REST, reads its data, and nothing of any servicio', async () => {
    const red = await nuevaRed();
    expect(red.codigo).toMatch(/^[A-Z0-9]{12}$/);
    const username = `redrest_${randomUUID().slice(0, 8)}`;
    const rest = await server.rest<{ token: string; usuario: { rol: string } }>('POST', '/auth/register', {
      nombre: 'Red Sur',
      username,
      email: `${username}@salud.example`,
      password: 'clave-segura',
      password2: 'clave-segura',
      rol: 'ROL_RED',
    });
    expect(rest.status).toBeLessThan(300);
    expect(rest.body.usuario.rol).toBe('ROL_RED');

    for (const query of [
      `{ donantes { total } }`,
      `{ donaciones { total } }`,
      `{ integrantes { id } }`,
      `{ servicio { id } }`,
      `{ contadorEtiquetas }`,
      `mutation { nextEtiquetaNumero }`,
    ]) {
      const res = await server.gql(query, {}, red.token);
      expect({ query, code: errorOf(res)?.extensions?.code }).toEqual({ query, code: 'FORBIDDEN' });
    }
    const apiRest = await server.rest('GET', '/donante/search?dni=1', undefined, red.token);
    expect(apiRest.status).toBe(403);
    // Its own account: who it is.
    expect(ok(await server.gql<{ me: { rol: string } }>(`{ me { rol } }`, {}, red.token)).me.rol).toBe(
      'ROL_RED',
    );
    // An unknown role is refused.
    const bad = await server.gql(REGISTER, {
      input: {
        nombre: 'X',
        username: 'x_rol',
        email: 'x@y.z',
        password: 'clave-segura',
        password2: 'clave-segura',
        rol: 'ROL_MEDICO',
      },
    });
    expect(errorOf(bad)?.extensions?.errors).toEqual([{ field: 'rol', msg: 'Valor no permitido' }]);
  });

  it('a servicio joins with the code (any case, with hyphens), once; leaves; both audited', async () => {
    const red = await nuevaRed();
    const s = await servicio('Hospital Norte');
    const tipeado =
      `${red.codigo.slice(0, 4)}-${red.codigo.slice(4, 8)}-${red.codigo.slice(8)}`.toLowerCase();
    const unido = ok(
      await server.gql<{ unirseARed: { red: { id: string; nombre: string } } }>(
        UNIRSE,
        { codigo: tipeado },
        s.token,
      ),
    );
    expect(unido.unirseARed.red).toEqual({ id: red.id, nombre: red.nombre });
    expect(
      ok(await server.gql<{ red: { miembros: { nombre: string }[] } }>(RED, {}, red.token)).red.miembros,
    ).toEqual([{ id: s.servicio, nombre: 'Hospital Norte' }]);
    expect(errorOf(await server.gql(UNIRSE, { codigo: red.codigo }, s.token))?.extensions?.errors).toEqual([
      { field: 'codigo', msg: 'El servicio ya pertenece a una red: salga de ella antes de unirse a otra' },
    ]);
    const otro = await servicio('Hospital Oeste');
    expect(
      errorOf(await server.gql(UNIRSE, { codigo: 'NOEXISTE1234' }, otro.token))?.extensions?.errors,
    ).toEqual([{ field: 'codigo', msg: 'El código de invitación no corresponde a ninguna red' }]);
    const auditorias = await server.dataSource.query(
      `SELECT servicio_id, entidad FROM auditoria WHERE entidad IN ('servicio', 'red') AND accion = 'editar'
         AND servicio_id = ANY($1::uuid[]) ORDER BY id`,
      [[s.servicio, red.id]],
    );
    expect(auditorias).toEqual([
      { servicio_id: s.servicio, entidad: 'servicio' },
      { servicio_id: red.id, entidad: 'red' },
    ]);
    expect(ok(await server.gql<{ salirDeRed: { red: null } }>(SALIR, {}, s.token)).salirDeRed.red).toBeNull();
    expect(errorOf(await server.gql(SALIR, {}, s.token))?.extensions?.errors?.[0].msg).toBe(
      'El servicio no pertenece a ninguna red',
    );
    // Only the servicio's administrator joins.
    const medico = await server.gql(UNIRSE, { codigo: red.codigo }, red.token);
    expect(errorOf(medico)?.extensions?.code).toBe('FORBIDDEN');
  });

  it('sees its members’ figures: the total and each one, never a non-member’s', async () => {
    const red = await nuevaRed();
    const a = await servicio('Hospital A');
    const b = await servicio('Hospital B');
    const fuera = await servicio('Hospital Fuera');
    for (const s of [a, b]) ok(await server.gql(UNIRSE, { codigo: red.codigo }, s.token));
    ok(await crear(a, await donante(a, '20111222'), addDays(HOY, -5)));
    ok(await crear(a, await donante(a, '20111333'), addDays(HOY, -4)));
    ok(await crear(b, await donante(b, '20111444'), addDays(HOY, -3)));
    ok(await crear(fuera, await donante(fuera, '20111555'), addDays(HOY, -3)));
    const res = ok(
      await server.gql<{
        indicadoresRed: {
          total: { donaciones: number; donantesDistintos: number };
          porServicio: { servicio: { nombre: string }; indicadores: { donaciones: number } }[];
        };
      }>(INDICADORES_RED, { desde: addDays(HOY, -30), hasta: HOY }, red.token),
    );
    expect(res.indicadoresRed.total).toMatchObject({ donaciones: 3, donantesDistintos: 3 });
    expect(res.indicadoresRed.porServicio.map((p) => [p.servicio.nombre, p.indicadores.donaciones])).toEqual([
      ['Hospital A', 2],
      ['Hospital B', 1],
    ]);
    // The grouping is optional: left out or null, by month.
    for (const variables of [{}, { a: null }, { a: 'MES' }]) {
      const porMes = ok(
        await server.gql<{ indicadoresRed: { total: { agrupacion: string; serie: unknown[] } } }>(
          `query ($a: Agrupacion) {
            indicadoresRed(desde: "2024-01-01", hasta: "2024-03-31", agrupacion: $a) { total { agrupacion serie { periodo } } }
          }`,
          variables,
          red.token,
        ),
      );
      expect(porMes.indicadoresRed.total).toEqual({
        agrupacion: 'MES',
        serie: [{ periodo: '2024-01' }, { periodo: '2024-02' }, { periodo: '2024-03' }],
      });
    }
    // A servicio's staff cannot read a network's figures.
    expect(
      errorOf(await server.gql(INDICADORES_RED, { desde: HOY, hasta: HOY }, a.token))?.extensions?.code,
    ).toBe('FORBIDDEN');
  });
});

describe('donor safety across the network', () => {
  let red: Red;
  let a: Session;
  let b: Session;
  let fuera: Session;
  beforeAll(async () => {
    red = await nuevaRed();
    a = await servicio('Hospital Central');
    b = await servicio('Hospital del Sur');
    fuera = await servicio('Clínica Independiente');
    for (const s of [a, b]) ok(await server.gql(UNIRSE, { codigo: red.codigo }, s.token));
  });

  it('the interval holds across members, naming the other servicio and nothing else; audited at both', async () => {
    const dni = '27333444';
    const enA = await donante(a, dni);
    const enB = await donante(b, dni);
    const enFuera = await donante(fuera, dni);
    const fecha = addDays(HOY, -10);
    ok(await crear(a, enA, fecha));
    const res = await crear(b, enB, HOY);
    expect(errorOf(res)?.extensions?.errors).toEqual([
      {
        field: 'fecha',
        msg: `Este donante dono hace menos de 8 semanas (${formatDate(fecha)}). Donación registrada en Hospital Central.`,
      },
    ]);
    // B's list says so too.
    const lista = ok(
      await server.gql<{ donantes: { items: { puedeDonar: boolean; proximaDonacion: string }[] } }>(
        `query ($dni: String) { donantes(filter: { dni: $dni }) { items { puedeDonar proximaDonacion } } }`,
        { dni },
        b.token,
      ),
    );
    expect(lista.donantes.items[0]).toEqual({ puedeDonar: false, proximaDonacion: addDays(fecha, 56) });
    // Looking at the list read A's record: an entry at both ends, naming who looked.
    const vistas = await server.dataSource.query(
      `SELECT servicio_id, entidad_id, cambios FROM auditoria WHERE accion = 'consultar' AND entidad = 'red'
         AND entidad_id = ANY($1::text[]) ORDER BY id`,
      [[enA, enB]],
    );
    expect(vistas).toEqual([
      { servicio_id: b.servicio, entidad_id: enB, cambios: { servicios: ['Hospital Central'] } },
      { servicio_id: a.servicio, entidad_id: enA, cambios: { consultadoPor: 'Hospital del Sur' } },
    ]);
    // Outside the network nothing is seen.
    ok(await crear(fuera, enFuera, HOY));
    // A refused attempt wrote nothing. An accepted donation of another person at B, who gave
    // blood at A 60 days before, reads A's record: an entry at both ends.
    const otraA = await donante(a, '27333555');
    const otraB = await donante(b, '27333555');
    ok(await crear(a, otraA, addDays(HOY, -70)));
    ok(await crear(b, otraB, addDays(HOY, -10)));
    const entradas = await server.dataSource.query(
      `SELECT servicio_id, entidad_id, cambios FROM auditoria WHERE accion = 'consultar' AND entidad = 'red'
         AND entidad_id = ANY($1::text[]) ORDER BY id`,
      [[otraA, otraB]],
    );
    expect(entradas).toEqual([
      { servicio_id: b.servicio, entidad_id: otraB, cambios: { servicios: ['Hospital Central'] } },
      { servicio_id: a.servicio, entidad_id: otraA, cambios: { consultadoPor: 'Hospital del Sur' } },
    ]);
  });

  it("another member's deferral stops the donation, saying only where and until when", async () => {
    const dni = '27555666';
    const enA = await donante(a, dni);
    const enB = await donante(b, dni);
    const id = ok(await crear(a, enA, addDays(HOY, -200))).createDonacion.id;
    ok(
      await server.gql(
        `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`,
        { id, input: { serologia: { hiv: true } } },
        a.token,
      ),
    );
    const res = await crear(b, enB, HOY);
    const msg = errorOf(res)?.extensions?.errors?.[0].msg;
    expect(msg).toBe('Donante diferido en Hospital Central: a la espera de la decisión de un médico.');
    expect(msg).not.toMatch(/HIV|N°/);
    // B cannot lift A's deferral.
    const levantar = await server.gql(
      `mutation ($d: ID!, $o: ID!) { levantarDiferimiento(donanteId: $d, origenId: $o, motivo: "x") { id } }`,
      { d: enB, o: id },
      b.token,
    );
    expect(errorOf(levantar)?.extensions?.errors?.[0].msg).toBe(
      'El donante no tiene ese diferimiento vigente',
    );
  });

  it('two members recording the same person at once accept at most one', async () => {
    const dni = '27777888';
    const enA = await donante(a, dni);
    const enB = await donante(b, dni);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? crear(a, enA, HOY) : crear(b, enB, HOY))),
    );
    expect(results.filter((r) => r.data?.createDonacion)).toHaveLength(1);
  });

  it('after leaving the network, a servicio no longer reads the others', async () => {
    const dni = '27999000';
    const enA = await donante(a, dni);
    const enB = await donante(b, dni);
    ok(await crear(a, enA, addDays(HOY, -3)));
    expect(errorOf(await crear(b, enB, HOY))?.extensions?.code).toBe('BAD_USER_INPUT');
    ok(await server.gql(SALIR, {}, b.token));
    ok(await crear(b, enB, HOY));
    ok(await server.gql(UNIRSE, { codigo: red.codigo }, b.token));
  });
});
