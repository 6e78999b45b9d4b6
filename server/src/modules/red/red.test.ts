/**
 * Regional networks against a real Postgres: the network's account, joining and leaving, the
 * network's figures, and donor safety across its members (the interval, deferrals, races), while
 * servicios outside the network see nothing of each other.
 */
import { randomUUID } from 'node:crypto';
import { addDays, addYears, formatDate, todayIso } from '../../domain/dates';
import { MSG } from '../../domain/messages';
import {
  GqlResult,
  registerServicio,
  Session,
  startTestServer,
  TestServer,
  ok,
} from '../../test-utils/harness';

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
const RESULTADOS = `mutation ($id: ID!, $input: ResultadosDonacionInput!) { updateResultadosDonacion(id: $id, input: $input) { message } }`;
const RENOVAR = `mutation { renovarCodigoInvitacion { id codigoInvitacion miembros { id nombre } } }`;
const QUITAR = `mutation ($id: ID!) { quitarMiembroDeRed(servicioId: $id) { id codigoInvitacion miembros { id nombre } } }`;
const DIFERIMIENTOS = `diferimientos { origenId origen tipo desde hasta texto servicio }`;

let server: TestServer;
let numero = 0;

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

/** The same donation over /api (POST /api/donacion/). */
const crearRest = (s: Session, donanteId: string, fecha: string) =>
  server.rest<{ errors?: { msg: string }[] }>(
    'POST',
    '/donacion/',
    {
      servicio: s.servicio,
      donanteId,
      numero: (numero += 1),
      fecha: fecha.replaceAll('-', ''),
      hora: '10:00',
      loteBolsa: 'L',
      sv: JSON.stringify({ ta: '120/80', fc: '72', peso: '70' }),
    },
    s.token,
  );

/** The network lookups' audit entries on these records, oldest first. */
const consultasRed = (ids: string[]) =>
  server.dataSource.query(
    `SELECT servicio_id, usuario_id, entidad_id, cambios FROM auditoria
      WHERE accion = 'consultar' AND entidad = 'red' AND entidad_id = ANY($1::text[]) ORDER BY id`,
    [ids],
  );

/** The live donations of these donors. */
const donacionesDe = async (ids: string[]): Promise<number> =>
  Number(
    (
      await server.dataSource.query(
        `SELECT count(*) AS n FROM donacion WHERE donante_id = ANY($1::uuid[]) AND deleted_at IS NULL`,
        [ids],
      )
    )[0].n,
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
    // Five donations or more each: cells the network reads (fewer are suppressed, below).
    const donaciones = async (s: Session, n: number, prefijo: string) => {
      for (let k = 0; k < n; k += 1) {
        ok(await crear(s, await donante(s, `${prefijo}${k}`), addDays(HOY, -5 + (k % 3))));
      }
    };
    await donaciones(a, 6, '2011122');
    await donaciones(b, 5, '2011133');
    await donaciones(fuera, 5, '2011144');
    const res = ok(
      await server.gql<{
        indicadoresRed: {
          total: { donaciones: number; donantesDistintos: number };
          porServicio: { servicio: { nombre: string }; indicadores: { donaciones: number } }[];
        };
      }>(INDICADORES_RED, { desde: addDays(HOY, -30), hasta: HOY }, red.token),
    );
    expect(res.indicadoresRed.total).toMatchObject({ donaciones: 11, donantesDistintos: 11 });
    expect(res.indicadoresRed.porServicio.map((p) => [p.servicio.nombre, p.indicadores.donaciones])).toEqual([
      ['Hospital A', 6],
      ['Hospital B', 5],
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

const PUBLICADO = `suprimido donaciones donantesDistintos atendidos noAptos voluntarias reposicion
  porcentajeVoluntarias primeraVez habituales aferesis
  porGrupo { abo rh cantidad suprimido }
  serologia { marcador analizadas reactivas porcentaje suprimido }
  exclusiones { temporales definitivas suprimido }
  serie { periodo donaciones voluntarias reposicion suprimido }`;
const INDICADORES_RED_PUBLICADO = `query ($desde: String!, $hasta: String!, $a: Agrupacion) {
  indicadoresRed(desde: $desde, hasta: $hasta, agrupacion: $a) {
    total { ${PUBLICADO} }
    porServicio { servicio { nombre } indicadores { ${PUBLICADO} } }
  }
}`;

type N = number | null;
type Publicado = {
  suprimido: boolean;
  porGrupo: { abo: string; rh: string; cantidad: N; suprimido: boolean }[];
  serologia: { marcador: string; analizadas: N; reactivas: N; porcentaje: N; suprimido: boolean }[];
  exclusiones: { temporales: N; definitivas: N; suprimido: boolean };
  serie: { periodo: string; donaciones: N; voluntarias: N; reposicion: N; suprimido: boolean }[];
} & Record<
  | 'donaciones'
  | 'donantesDistintos'
  | 'atendidos'
  | 'noAptos'
  | 'voluntarias'
  | 'reposicion'
  | 'porcentajeVoluntarias'
  | 'primeraVez'
  | 'habituales'
  | 'aferesis',
  N
>;
type CifrasRed = {
  total: Publicado;
  porServicio: { servicio: { nombre: string }; indicadores: Publicado }[];
};

const cifrasRed = async (red: Red, desde: string, hasta: string, a = 'MES'): Promise<CifrasRed> =>
  ok(
    await server.gql<{ indicadoresRed: CifrasRed }>(
      INDICADORES_RED_PUBLICADO,
      { desde, hasta, a },
      red.token,
    ),
  ).indicadoresRed;

/** Every figure of an answer, by its path. */
function cifrasDe(valor: unknown, camino = ''): [string, N][] {
  if (typeof valor === 'number' || valor === null) return [[camino, valor as N]];
  if (Array.isArray(valor)) return valor.flatMap((v, k) => cifrasDe(v, `${camino}[${k}]`));
  if (valor && typeof valor === 'object') {
    return Object.entries(valor).flatMap(([k, v]) => cifrasDe(v, camino ? `${camino}.${k}` : k));
  }
  return [];
}

/**
 * Every subtraction the network can make with what it was given: in each sum it knows holds (a
 * figure of the total and the members' ones; donaciones = voluntarias + reposicion = primeraVez +
 * habituales = the groups' sum = the series' sum; atendidos = donaciones + noAptos; each period),
 * the figures a subtraction gives back, because they are the only one not given.
 */
function deducibles({ total, porServicio }: CifrasRed): string[] {
  const miembros = porServicio.map((p) => p.indicadores);
  const familias: { nombre: string; cifras: N[] }[] = [];
  for (const [quien, c] of [
    ['red', total] as const,
    ...miembros.map((m, k) => [`miembro ${k}`, m] as const),
  ]) {
    familias.push(
      { nombre: `${quien} tipo`, cifras: [c.donaciones, c.voluntarias, c.reposicion] },
      { nombre: `${quien} primera vez`, cifras: [c.donaciones, c.primeraVez, c.habituales] },
      { nombre: `${quien} atendidos`, cifras: [c.atendidos, c.donaciones, c.noAptos] },
      ...(['donaciones', 'voluntarias', 'reposicion'] as const).map((k) => ({
        nombre: `${quien} serie ${k}`,
        cifras: [c[k], ...c.serie.map((p) => p[k])],
      })),
      ...c.serie.map((p) => ({
        nombre: `${quien} ${p.periodo}`,
        cifras: [p.donaciones, p.voluntarias, p.reposicion],
      })),
    );
    if (c.porGrupo.length > 0) {
      familias.push({
        nombre: `${quien} grupos`,
        cifras: [c.donaciones, ...c.porGrupo.map((g) => g.cantidad)],
      });
    }
  }
  // Across the members: each figure of the total and the members' ones (a group a published
  // member does not list is a zero the network knows; an unlisted one of a suppressed cell is not).
  const caminos = cifrasDe(total)
    .map(([camino]) => camino)
    .filter((c) => !c.startsWith('porGrupo'));
  for (const camino of caminos.filter((c) => !/porcentaje/i.test(c))) {
    const de = (c: Publicado) => new Map(cifrasDe(c)).get(camino) as N;
    familias.push({ nombre: `red ${camino}`, cifras: [de(total), ...miembros.map(de)] });
  }
  for (const g of total.porGrupo) {
    const de = (c: Publicado): N[] => {
      const h = c.porGrupo.find((x) => x.abo === g.abo && x.rh === g.rh);
      return h ? [h.cantidad] : c.porGrupo.length === 0 ? [null] : [];
    };
    familias.push({ nombre: `red grupo ${g.abo}${g.rh}`, cifras: [g.cantidad, ...miembros.flatMap(de)] });
  }
  return familias.filter((f) => f.cifras.filter((x) => x === null).length === 1).map((f) => f.nombre);
}

/** The next day for the roll-up's copy kept for readers outside the servicio (migration 1764200000000). */
const pasaUnDia = (servicios: string[]) =>
  server.dataSource.query(
    `UPDATE indicador_diario SET publicado_el = publicado_el - 1
      WHERE servicio_id = ANY($1::uuid[]) AND publicado_el = indicador_hoy()`,
    [servicios],
  );

describe("the network's figures: nothing that rests on fewer than 5", () => {
  const REACTIVO = {
    abo: 'AB',
    rh: 'NEGATIVO',
    serologia: {
      hiv: true,
      hepB: false,
      hepC: false,
      vdrl: false,
      brucelosis: false,
      chagas: false,
      htlv: false,
    },
    exclusionDefinitiva: 'Definitiva',
  };
  /** `n` donations of new donors at `s` on `fecha`, each with `resultados` when given. */
  const donacionesEn = async (s: Session, n: number, fecha: string, resultados?: object) => {
    const ids: string[] = [];
    for (let k = 0; k < n; k += 1) {
      const dni = String(30_000_000 + Math.floor(Math.random() * 9_999_999));
      const id = ok(await crear(s, await donante(s, dni), fecha)).createDonacion.id;
      if (resultados) ok(await server.gql(RESULTADOS, { id, input: resultados }, s.token));
      ids.push(id);
    }
    return ids;
  };

  it('a one-day query at members with 1 to 4 donations: every cell suppressed, the staff read theirs exact', async () => {
    const red = await nuevaRed();
    const a = await servicio('Hospital Chico A');
    const b = await servicio('Hospital Chico B');
    for (const s of [a, b]) ok(await server.gql(UNIRSE, { codigo: red.codigo }, s.token));
    const dia = '2025-11-10';
    await donacionesEn(a, 1, dia, REACTIVO);
    await donacionesEn(b, 3, dia, REACTIVO);
    await pasaUnDia([a.servicio, b.servicio]);
    for (const agrupacion of ['DIA', 'MES', 'ANIO']) {
      const res = await cifrasRed(red, dia, dia, agrupacion);
      expect({ agrupacion, publicadas: cifrasDe(res).filter(([, v]) => v !== null) }).toEqual({
        agrupacion,
        publicadas: [],
      });
      for (const c of [res.total, ...res.porServicio.map((p) => p.indicadores)]) {
        expect(c.porGrupo).toEqual([]);
        expect([c.suprimido, c.exclusiones.suprimido, ...c.serie.map((p) => p.suprimido)]).toEqual([
          true,
          true,
          ...c.serie.map(() => true),
        ]);
      }
    }
    // The servicio's own staff read the same day exact.
    const propio = ok(
      await server.gql<{ indicadores: { donaciones: number; porGrupo: unknown[] } }>(
        `query ($d: String!) { indicadores(desde: $d, hasta: $d, agrupacion: DIA) { donaciones porGrupo { abo rh cantidad } } }`,
        { d: dia },
        b.token,
      ),
    ).indicadores;
    expect(propio).toEqual({ donaciones: 3, porGrupo: [{ abo: 'AB', rh: 'NEGATIVO', cantidad: 3 }] });
  });

  it('no total minus the others gives back a suppressed member figure', async () => {
    const red = await nuevaRed();
    const grande = await servicio('Hospital Grande');
    const mediano = await servicio('Hospital Mediano');
    const chico = await servicio('Hospital Chico');
    for (const s of [grande, mediano, chico]) ok(await server.gql(UNIRSE, { codigo: red.codigo }, s.token));
    // A month: the large one with 12 donations (5 of them reactive), the medium one with 7 (2 of
    // them reactive), the small one with 2, and 'No apto' visits here and there.
    await donacionesEn(grande, 7, '2025-09-03', { abo: 'O', rh: 'POSITIVO' });
    await donacionesEn(grande, 5, '2025-09-20', REACTIVO);
    await donacionesEn(mediano, 5, '2025-09-04', { abo: 'O', rh: 'POSITIVO' });
    await donacionesEn(mediano, 2, '2025-09-25', REACTIVO);
    await donacionesEn(chico, 2, '2025-09-10', REACTIVO);
    ok(
      await server.gql(
        `mutation ($input: NoAptoInput!) { registrarNoApto(input: $input) { id } }`,
        {
          input: {
            donanteId: await donante(mediano, '29999001'),
            fecha: '2025-09-04',
            hora: '09:00',
            motivo: 'Hemoglobina baja',
            diferimientoDias: 30,
          },
        },
        mediano.token,
      ),
    );
    await pasaUnDia([grande.servicio, mediano.servicio, chico.servicio]);

    for (const agrupacion of ['MES', 'SEMANA', 'DIA']) {
      const res = await cifrasRed(red, '2025-09-01', '2025-09-30', agrupacion);
      expect({ agrupacion, deducibles: deducibles(res) }).toEqual({ agrupacion, deducibles: [] });
      // The small member's cell is suppressed whole; the total is published.
      const [chica, grandeR, medianoR] = res.porServicio.map((p) => p.indicadores);
      expect(cifrasDe(chica).filter(([, v]) => v !== null)).toEqual([]);
      expect(res.total.donaciones).toBe(21);
      // Every figure given is exact, and none from 1 to 4.
      expect(grandeR.serologia[0]).toMatchObject({ analizadas: 5, reactivas: 5 });
      expect(medianoR.serologia[0].reactivas).toBeNull();
      for (const c of [res.total, grandeR, medianoR]) {
        const chicas = cifrasDe(c).filter(([k, v]) => v !== null && v > 0 && v < 5 && !/porcentaje/i.test(k));
        expect(chicas).toEqual([]);
      }
    }
  });

  it("a result typed today is not in the network's figures until tomorrow", async () => {
    const red = await nuevaRed();
    const s = await servicio('Hospital Resultados');
    ok(await server.gql(UNIRSE, { codigo: red.codigo }, s.token));
    const dia = '2025-08-12';
    await donacionesEn(s, 6, dia, REACTIVO);
    const hoy = await donacionesEn(s, 5, dia);
    await pasaUnDia([s.servicio]);
    for (const id of hoy) ok(await server.gql(RESULTADOS, { id, input: REACTIVO }, s.token));

    const hiv = async () => {
      const res = await cifrasRed(red, dia, dia, 'DIA');
      return [res.total, res.porServicio[0].indicadores].map((c) => [
        c.serologia[0].analizadas,
        c.serologia[0].reactivas,
        c.exclusiones.definitivas,
      ]);
    };
    expect(await hiv()).toEqual([
      [6, 6, 6],
      [6, 6, 6],
    ]);
    // The staff: all 11 at once.
    const propio = ok(
      await server.gql<{ indicadores: { serologia: { analizadas: number; reactivas: number }[] } }>(
        `query ($d: String!) { indicadores(desde: $d, hasta: $d) { serologia { analizadas reactivas } } }`,
        { d: dia },
        s.token,
      ),
    ).indicadores;
    expect(propio.serologia[0]).toEqual({ analizadas: 11, reactivas: 11 });
    await pasaUnDia([s.servicio]);
    expect(await hiv()).toEqual([
      [11, 11, 11],
      [11, 11, 11],
    ]);
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
    // The first day the donor may donate and where to ask; never the other donation's date.
    const texto = `No puede donar hasta el ${formatDate(addDays(fecha, 56))}; consultar con Hospital Central.`;
    const res = await crear(b, enB, HOY);
    expect(errorOf(res)?.extensions?.errors).toEqual([{ field: 'fecha', msg: texto }]);
    // The refused donation wrote nothing, but the lookup it made is in both trails; A's entry
    // names the servicio that looked, never one of its users.
    expect(await donacionesDe([enB])).toBe(0);
    const porB = { servicio_id: b.servicio, usuario_id: b.uid, entidad_id: enB };
    const enTrailA = { servicio_id: a.servicio, usuario_id: null, entidad_id: enA };
    const consultaDeB = [
      { ...porB, cambios: { servicios: ['Hospital Central'] } },
      { ...enTrailA, cambios: { consultadoPor: 'Hospital del Sur' } },
    ];
    expect(await consultasRed([enA, enB])).toEqual(consultaDeB);
    // Over /api: the same refusal, the same two entries again.
    const rest = await crearRest(b, enB, HOY);
    expect({ status: rest.status, errors: rest.body.errors }).toEqual({
      status: 400,
      errors: [{ msg: texto, param: 'fecha' }],
    });
    expect(await donacionesDe([enB])).toBe(0);
    expect(await consultasRed([enA, enB])).toEqual([...consultaDeB, ...consultaDeB]);
    // B's list says so too.
    const lista = ok(
      await server.gql<{ donantes: { items: { puedeDonar: boolean; proximaDonacion: string }[] } }>(
        `query ($dni: String) { donantes(filter: { dni: $dni }) { items { puedeDonar proximaDonacion } } }`,
        { dni },
        b.token,
      ),
    );
    expect(lista.donantes.items[0]).toEqual({ puedeDonar: false, proximaDonacion: addDays(fecha, 56) });
    // Looking at the list read A's record: a read leaves the audit chain alone and writes one row
    // of the access log, which names both ends, sealed.
    expect(await consultasRed([enA, enB])).toEqual([...consultaDeB, ...consultaDeB]);
    const log = await server.dataSource.query(
      `SELECT servicio_id, usuario_id, donante_id, servicio_consultado, donante_consultado,
         hash = consulta_red_hash(c) AS sellada
         FROM consulta_red c WHERE donante_consultado = $1`,
      [enA],
    );
    // The two refused creations counted there too, and the list's read: one row each.
    expect(log).toEqual(
      Array.from({ length: 3 }, () => ({
        servicio_id: b.servicio,
        usuario_id: b.uid,
        donante_id: enB,
        servicio_consultado: a.servicio,
        donante_consultado: enA,
        sellada: true,
      })),
    );
    await expect(server.dataSource.query(`DELETE FROM consulta_red`)).rejects.toThrow(/solo admite/);
    // A's audit screen says in words who looked.
    const trailA = ok(
      await server.gql<{ auditoria: { items: { autor: string | null; usuarioId: string | null }[] } }>(
        `query ($id: String) { auditoria(filter: { entidad: "red", entidadId: $id }) { items { autor usuarioId } } }`,
        { id: enA },
        a.token,
      ),
    );
    expect(trailA.auditoria.items[0]).toEqual({
      autor: 'Hospital del Sur (otro servicio de la red)',
      usuarioId: null,
    });
    // Outside the network nothing is seen.
    ok(await crear(fuera, enFuera, HOY));
    // An accepted donation of another person at B, who gave blood at A 60 days before, reads
    // A's record: an entry at both ends.
    const otraA = await donante(a, '27333555');
    const otraB = await donante(b, '27333555');
    ok(await crear(a, otraA, addDays(HOY, -70)));
    ok(await crear(b, otraB, addDays(HOY, -10)));
    expect(await consultasRed([otraA, otraB])).toEqual([
      {
        servicio_id: b.servicio,
        usuario_id: b.uid,
        entidad_id: otraB,
        cambios: { servicios: ['Hospital Central'] },
      },
      {
        servicio_id: a.servicio,
        usuario_id: null,
        entidad_id: otraA,
        cambios: { consultadoPor: 'Hospital del Sur' },
      },
    ]);
  });

  it('a refused restore audits its lookup at both servicios and restores nothing', async () => {
    const dni = '27333666';
    const enA = await donante(a, dni);
    const enB = await donante(b, dni);
    const id = ok(await crear(b, enB, addDays(HOY, -100))).createDonacion.id;
    ok(await server.gql(`mutation ($id: ID!) { deleteDonacion(id: $id) { id } }`, { id }, b.token));
    // With B's donation deleted, A still reads B's record (a deleted donation's deferral would
    // stand): the lookup is audited at both ends.
    ok(await crear(a, enA, addDays(HOY, -90)));
    const porA = [
      {
        servicio_id: a.servicio,
        usuario_id: a.uid,
        entidad_id: enA,
        cambios: { servicios: ['Hospital del Sur'] },
      },
      {
        servicio_id: b.servicio,
        usuario_id: null,
        entidad_id: enB,
        cambios: { consultadoPor: 'Hospital Central' },
      },
    ];
    expect(await consultasRed([enA, enB])).toEqual(porA);
    const res = await server.gql(
      `mutation ($id: ID!) { restaurarDonacion(id: $id) { id } }`,
      { id },
      b.token,
    );
    expect(errorOf(res)?.extensions?.errors).toEqual([
      {
        field: 'fecha',
        msg: `No puede donar hasta el ${formatDate(addDays(HOY, -90 + 56))}; consultar con Hospital Central.`,
      },
    ]);
    const [fila] = await server.dataSource.query(`SELECT deleted_at FROM donacion WHERE id = $1`, [id]);
    expect(fila.deleted_at).not.toBeNull();
    expect(await consultasRed([enA, enB])).toEqual([
      ...porA,
      {
        servicio_id: b.servicio,
        usuario_id: b.uid,
        entidad_id: enB,
        cambios: { servicios: ['Hospital Central'] },
      },
      {
        servicio_id: a.servicio,
        usuario_id: null,
        entidad_id: enA,
        cambios: { consultadoPor: 'Hospital del Sur' },
      },
    ]);
  });

  it('the yearly limit counts the donations at every member, naming the others', async () => {
    // A woman: 2 donations at A and 1 at B in 12 months; a 4th is refused at either.
    const dni = '27444555';
    const enA = await donante(a, dni);
    const enB = await donante(b, dni);
    const primera = addDays(HOY, -300);
    ok(await crear(a, enA, primera));
    ok(await crear(a, enA, addDays(HOY, -200)));
    ok(await crear(b, enB, addDays(HOY, -100)));
    const limite = (otro: string) =>
      `Alcanzó el límite anual: 3 donaciones de sangre entera en 12 meses para mujeres. Puede donar a partir del ${formatDate(addYears(primera, 1))}. Incluye donaciones registradas en ${otro}.`;
    expect(errorOf(await crear(b, enB, HOY))?.extensions?.errors).toEqual([
      { field: 'fecha', msg: limite('Hospital Central') },
    ]);
    const rest = await crearRest(a, enA, HOY);
    expect({ status: rest.status, errors: rest.body.errors }).toEqual({
      status: 400,
      errors: [{ msg: limite('Hospital del Sur'), param: 'fecha' }],
    });
    expect(await donacionesDe([enA, enB])).toBe(3);
  });

  it("another member's deferral stops the donation, saying only where and a date", async () => {
    type Visto = { origenId: string | null; origen: string | null; tipo: string; texto: string };
    type ConElegibilidad = { elegibilidad: { motivos: { texto: string }[]; diferimientos: Visto[] } };
    // Three people at A: a reactive result awaiting a decision, a definitive exclusion, 90 days.
    const [pendiente, definitiva, temporal] = ['27555666', '27555777', '27555888'];
    const fecha = addDays(HOY, -200);
    const enB: Record<string, string> = {};
    for (const [dni, input] of [
      [pendiente, { serologia: { hiv: true } }],
      [definitiva, { exclusionDefinitiva: 'Definitiva' }],
      [temporal, { exclusionDefinitiva: 'Temporal', exclusionTiempo: 365 }],
    ] as const) {
      const id = ok(await crear(a, await donante(a, dni), fecha)).createDonacion.id;
      ok(await server.gql(RESULTADOS, { id, input }, a.token));
      enB[dni] = await donante(b, dni);
    }
    // A 'No apto' visit at A with 30 days of deferral.
    const visita = '27555999';
    const visitaEnA = await donante(a, visita);
    enB[visita] = await donante(b, visita);
    ok(
      await server.gql(
        `mutation ($input: NoAptoInput!) { registrarNoApto(input: $input) { id } }`,
        {
          input: {
            donanteId: visitaEnA,
            fecha: addDays(HOY, -5),
            hora: '09:00',
            motivo: 'Hb baja',
            diferimientoDias: 30,
          },
        },
        a.token,
      ),
    );
    const sinFecha = `No puede donar; consultar con Hospital Central.`;
    const hasta = addDays(fecha, 365);
    const conFecha = `No puede donar hasta el ${formatDate(hasta)}; consultar con Hospital Central.`;
    const visitaHasta = addDays(HOY, 25);
    const esperado: Record<string, Visto & { desde: string; hasta: string | null; servicio: string }> = {
      [pendiente]: {
        origenId: null,
        origen: null,
        tipo: 'Indefinida',
        desde: HOY,
        hasta: null,
        texto: sinFecha,
        servicio: 'Hospital Central',
      },
      [definitiva]: {
        origenId: null,
        origen: null,
        tipo: 'Indefinida',
        desde: HOY,
        hasta: null,
        texto: sinFecha,
        servicio: 'Hospital Central',
      },
      [temporal]: {
        origenId: null,
        origen: null,
        tipo: 'Temporal',
        desde: HOY,
        hasta,
        texto: conFecha,
        servicio: 'Hospital Central',
      },
      [visita]: {
        origenId: null,
        origen: null,
        tipo: 'Temporal',
        desde: HOY,
        hasta: visitaHasta,
        texto: `No puede donar hasta el ${formatDate(visitaHasta)}; consultar con Hospital Central.`,
        servicio: 'Hospital Central',
      },
    };
    for (const [dni, diferimiento] of Object.entries(esperado)) {
      // The refusal, over GraphQL and /api: the servicio and one date, nothing of the record.
      const res = await crear(b, enB[dni], HOY);
      expect({ dni, errors: errorOf(res)?.extensions?.errors }).toEqual({
        dni,
        errors: [{ field: '', msg: diferimiento.texto }],
      });
      const rest = await crearRest(b, enB[dni], HOY);
      expect({ dni, status: rest.status, errors: rest.body.errors }).toEqual({
        dni,
        status: 400,
        errors: [{ msg: diferimiento.texto }],
      });
      // B's list, B's donor and _entities (a federation gateway): the same, no id, no kind.
      const lista = ok(
        await server.gql<{ donantes: { items: ConElegibilidad[] } }>(
          `query ($dni: String) { donantes(filter: { dni: $dni }) { items { elegibilidad { motivos { texto } ${DIFERIMIENTOS} } } } }`,
          { dni },
          b.token,
        ),
      ).donantes.items[0].elegibilidad;
      const uno = ok(
        await server.gql<{ donante: ConElegibilidad }>(
          `query ($id: ID!) { donante(id: $id) { elegibilidad { motivos { texto } ${DIFERIMIENTOS} } } }`,
          { id: enB[dni] },
          b.token,
        ),
      ).donante.elegibilidad;
      const entidad = ok(
        await server.gql<{ _entities: ConElegibilidad[] }>(
          `query ($r: [_Any!]!) { _entities(representations: $r) { ... on Donante { elegibilidad { motivos { texto } ${DIFERIMIENTOS} } } } }`,
          { r: [{ __typename: 'Donante', id: enB[dni] }] },
          b.token,
        ),
      )._entities[0].elegibilidad;
      for (const e of [lista, uno, entidad]) {
        expect({ dni, e }).toEqual({
          dni,
          e: { motivos: [{ texto: diferimiento.texto }], diferimientos: [diferimiento] },
        });
      }
      expect(JSON.stringify([lista, res, rest.body])).not.toMatch(/HIV|N°|médico|definitiva|Hb baja|visita/i);
    }
    // B cannot lift A's deferral, whatever id it guesses.
    const [origen] = await server.dataSource.query(
      `SELECT d.id FROM donacion d JOIN donante p ON p.id = d.donante_id WHERE p.servicio_id = $1 AND p.dni = $2`,
      [a.servicio, pendiente],
    );
    const levantar = await server.gql(
      `mutation ($d: ID!, $o: ID!) { levantarDiferimiento(donanteId: $d, origenId: $o, motivo: "x") { id } }`,
      { d: enB[pendiente], o: origen.id },
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

  it('servicios in different networks or in none see nothing of each other, and audit no lookup', async () => {
    const otraRed = await nuevaRed();
    const c = await servicio('Hospital de Otra Red');
    ok(await server.gql(UNIRSE, { codigo: otraRed.codigo }, c.token));
    const dni = '27888999';
    const enA = await donante(a, dni);
    const enC = await donante(c, dni);
    const enFuera = await donante(fuera, dni);
    // A deferral awaiting a decision and a donation 3 days ago at A.
    const id = ok(await crear(a, enA, addDays(HOY, -3))).createDonacion.id;
    ok(await server.gql(RESULTADOS, { id, input: { serologia: { chagas: true } } }, a.token));
    ok(await crear(c, enC, HOY));
    expect((await crearRest(fuera, enFuera, HOY)).status).toBe(200);
    // Nor the other way round: A reads nothing of C or of the servicio outside.
    const lista = ok(
      await server.gql<{ donantes: { items: { elegibilidad: { motivos: { texto: string }[] } }[] } }>(
        `query ($dni: String) { donantes(filter: { dni: $dni }) { items { elegibilidad { motivos { texto } } } } }`,
        { dni },
        a.token,
      ),
    );
    expect(lista.donantes.items[0].elegibilidad.motivos.map((m) => m.texto).join(' ')).not.toMatch(
      /Otra Red|Independiente/,
    );
    expect(await consultasRed([enA, enC, enFuera])).toEqual([]);
  });
  it("lists at three members at once, each reading the others' records, audit every lookup and keep every chain whole", async () => {
    const red = await nuevaRed();
    const miembros = [
      await servicio('Hospital Uno'),
      await servicio('Hospital Dos'),
      await servicio('Hospital Tres'),
    ];
    for (const s of miembros) ok(await server.gql(UNIRSE, { codigo: red.codigo }, s.token));
    // Four people with a record at every member, each of whom gave blood at a different one.
    const dnis = ['30700001', '30700002', '30700003', '30700004'];
    for (const [i, dni] of dnis.entries()) {
      const ids = await Promise.all(miembros.map((s) => donante(s, dni)));
      ok(await crear(miembros[i % 3], ids[i % 3], addDays(HOY, -10 - i)));
    }
    const LISTA = `{ donantes(filter: { apellido: "Funes" }) { items { dni puedeDonar } } }`;
    const respuestas = await Promise.all(
      Array.from({ length: 18 }, (_, k) =>
        server.gql<{ donantes: { items: { dni: string; puedeDonar: boolean }[] } }>(
          LISTA,
          {},
          miembros[k % 3].token,
        ),
      ),
    );
    for (const r of respuestas) {
      expect(
        ok(r)
          .donantes.items.map((d) => [d.dni, d.puedeDonar])
          .sort(),
      ).toEqual(dnis.map((d) => [d, false]));
    }
    // Each list read the other members' records of three of the four people: a row of the access
    // log for each record it read, naming both ends, each sealed.
    const [{ n, selladas }] = await server.dataSource.query(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE hash = consulta_red_hash(c))::int AS selladas
         FROM consulta_red c WHERE servicio_id = ANY($1::uuid[]) AND servicio_consultado = ANY($1::uuid[])`,
      [miembros.map((s) => s.servicio)],
    );
    expect(n).toBeGreaterThanOrEqual(18 * 2);
    expect(selladas).toBe(n);
    for (const s of miembros) {
      const v = ok(
        await server.gql<{ verificarAuditoria: { ok: boolean; primeraRota: string | null } }>(
          `{ verificarAuditoria { ok primeraRota } }`,
          {},
          s.token,
        ),
      );
      expect(v.verificarAuditoria).toEqual({ ok: true, primeraRota: null });
    }
  });
});

describe("the network's administration", () => {
  it('renews its invitation code: the old one joins no one, the new one does; audited', async () => {
    const red = await nuevaRed();
    const renovada = ok(
      await server.gql<{ renovarCodigoInvitacion: { codigoInvitacion: string } }>(RENOVAR, {}, red.token),
    ).renovarCodigoInvitacion;
    expect(renovada.codigoInvitacion).toMatch(/^[A-Z0-9]{12}$/);
    expect(renovada.codigoInvitacion).not.toBe(red.codigo);
    const s = await servicio('Hospital Tardío');
    expect(errorOf(await server.gql(UNIRSE, { codigo: red.codigo }, s.token))?.extensions?.errors).toEqual([
      { field: 'codigo', msg: MSG.codigoRedInvalido },
    ]);
    ok(await server.gql(UNIRSE, { codigo: renovada.codigoInvitacion }, s.token));
    const entradas = await server.dataSource.query(
      `SELECT usuario_id, accion, entidad, entidad_id, cambios FROM auditoria
        WHERE servicio_id = $1 AND entidad = 'red' AND accion = 'editar' ORDER BY id`,
      [red.id],
    );
    expect(entradas).toEqual([
      {
        usuario_id: red.id,
        accion: 'editar',
        entidad: 'red',
        entidad_id: red.id,
        cambios: { codigoInvitacion: 'renovado' },
      },
      // The servicio's join: its administrator is named in the servicio's trail only.
      {
        usuario_id: null,
        accion: 'editar',
        entidad: 'red',
        entidad_id: s.servicio,
        cambios: { miembro: 'Hospital Tardío', unido: true },
      },
    ]);
  });

  it('removes a member: it stops reading the others at once, cannot rejoin with the old code; audited at both', async () => {
    const red = await nuevaRed('Programa Quitar');
    const a = await servicio('Hospital Quedan');
    const b = await servicio('Hospital Sale');
    for (const s of [a, b]) ok(await server.gql(UNIRSE, { codigo: red.codigo }, s.token));
    const dni = '28111222';
    const enA = await donante(a, dni);
    const enB = await donante(b, dni);
    ok(await crear(a, enA, addDays(HOY, -3)));
    expect(errorOf(await crear(b, enB, HOY))?.extensions?.code).toBe('BAD_USER_INPUT');

    const res = ok(
      await server.gql<{ quitarMiembroDeRed: { codigoInvitacion: string; miembros: { id: string }[] } }>(
        QUITAR,
        { id: b.servicio },
        red.token,
      ),
    ).quitarMiembroDeRed;
    expect(res.miembros.map((m) => m.id)).toEqual([a.servicio]);
    expect(res.codigoInvitacion).not.toBe(red.codigo);
    expect(
      ok(await server.gql<{ servicio: { red: null } }>(`{ servicio { red { id } } }`, {}, b.token)).servicio
        .red,
    ).toBeNull();
    // At once: B records the person, A's records no longer stop it.
    ok(await crear(b, enB, HOY));
    expect(errorOf(await server.gql(UNIRSE, { codigo: red.codigo }, b.token))?.extensions?.errors).toEqual([
      { field: 'codigo', msg: MSG.codigoRedInvalido },
    ]);
    const entradas = await server.dataSource.query(
      `SELECT servicio_id, usuario_id, entidad, entidad_id, cambios FROM auditoria
        WHERE servicio_id = ANY($1::uuid[]) AND accion = 'editar' ORDER BY id`,
      [[red.id, b.servicio]],
    );
    expect(entradas.slice(-2)).toEqual([
      {
        servicio_id: b.servicio,
        usuario_id: null,
        entidad: 'servicio',
        entidad_id: b.servicio,
        cambios: { red: ['Programa Quitar', null], quitadoPor: 'Programa Quitar' },
      },
      {
        servicio_id: red.id,
        usuario_id: red.id,
        entidad: 'red',
        entidad_id: b.servicio,
        cambios: { miembro: 'Hospital Sale', unido: false, codigoInvitacion: 'renovado' },
      },
    ]);
    // B's audit screen says who did it, in words.
    const trail = ok(
      await server.gql<{ auditoria: { items: { autor: string | null }[] } }>(
        `{ auditoria(filter: { entidad: "servicio" }) { items { autor } } }`,
        {},
        b.token,
      ),
    );
    expect(trail.auditoria.items[0].autor).toBe('Programa Quitar (la red)');
  });

  it('refuses, in Spanish and changing nothing, a servicio that is not its member, and every other role', async () => {
    const red = await nuevaRed();
    const otra = await nuevaRed();
    const s = await servicio('Hospital Ajeno');
    ok(await server.gql(UNIRSE, { codigo: otra.codigo }, s.token));
    const antes = await server.dataSource.query(
      `SELECT * FROM servicio WHERE id = ANY($1::uuid[]) ORDER BY id`,
      [[red.id, otra.id, s.servicio]],
    );
    for (const id of [s.servicio, red.id, randomUUID(), 'no-es-un-id']) {
      const res = await server.gql(QUITAR, { id }, red.token);
      expect({ id, errors: errorOf(res)?.extensions?.errors }).toEqual({
        id,
        errors: [{ field: 'servicioId', msg: 'El servicio no es miembro de esta red' }],
      });
    }
    expect(errorOf(await server.gql(QUITAR, { id: '' }, red.token))?.extensions?.errors).toEqual([
      { field: 'servicioId', msg: MSG.requerido },
    ]);
    // Only a network's account: a member's administrator gets FORBIDDEN, in Spanish.
    for (const query of [RENOVAR, QUITAR]) {
      const res = await server.gql(query, { id: s.servicio }, s.token);
      expect({ code: errorOf(res)?.extensions?.code, msg: errorOf(res)?.message }).toEqual({
        code: 'FORBIDDEN',
        msg: MSG.sinPermiso,
      });
    }
    expect(
      await server.dataSource.query(`SELECT * FROM servicio WHERE id = ANY($1::uuid[]) ORDER BY id`, [
        [red.id, otra.id, s.servicio],
      ]),
    ).toEqual(antes);
  });
});

describe("what members read of each other: a budget, and the network's names", () => {
  let red: Red;
  let a: Session;
  let b: Session;
  beforeAll(async () => {
    red = await nuevaRed();
    a = await servicio('Hospital Norte');
    b = await servicio('Hospital Oeste');
    for (const s of [a, b]) ok(await server.gql(UNIRSE, { codigo: red.codigo }, s.token));
  });

  it("a member probing 300 of the network's donors in a minute hits its budget: 429 in Spanish, flagged on /red", async () => {
    // 300 people bled at A; B has a record of each (as a member that types DNI after DNI).
    const dnis = Array.from({ length: 300 }, (_, i) => String(33_000_000 + i));
    const enA = await Promise.all(dnis.map((dni) => donante(a, dni)));
    await server.dataSource.query(
      `INSERT INTO donacion (id, servicio_id, donante_id, numero, fecha, hora, lote_bolsa)
       SELECT gen_random_uuid(), $1, d, 5_000_000 + ordinality, $2, '10:00', 'L'
         FROM unnest($3::uuid[]) WITH ORDINALITY AS t(d, ordinality)`,
      [a.servicio, addDays(HOY, -200), enA],
    );
    await server.dataSource.query(
      `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
         nacionalidad, es_voluntario)
       SELECT gen_random_uuid(), $1, 'Sondeo', 'Sondeo', d, '1985-02-03', 'Femenino', 'Córdoba', 'Argentina', 'Si'
         FROM unnest($2::text[]) d`,
      [b.servicio, dnis],
    );
    const pagina = (offset: number) =>
      fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${b.token}` },
        body: JSON.stringify({
          query: `query ($offset: Int) { donantes(filter: { apellido: "Sondeo" }, page: { offset: $offset, limit: 50 }) {
            items { id puedeDonar } } }`,
          variables: { offset },
        }),
      });
    const estados: number[] = [];
    let rechazo: { errors?: { message: string; extensions?: { code?: string } }[] } = {};
    for (let offset = 0; offset < 300; offset += 50) {
      const res = await pagina(offset);
      estados.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        rechazo = (await res.json()) as typeof rechazo;
      } else await res.json();
    }
    // 50 distinct records fit in a minute's budget (60), the next page does not.
    expect(estados[0]).toBe(200);
    expect(estados.slice(1).every((s) => s === 429)).toBe(true);
    expect(rechazo.errors?.[0].extensions?.code).toBe('TOO_MANY_REQUESTS');
    expect(rechazo.errors?.[0].message).toMatch(
      /^Demasiadas consultas de donantes de otros servicios de la red/,
    );
    // Reading the same page again costs nothing more: it answers.
    expect((await pagina(0)).status).toBe(200);

    const vista = ok(
      await server.gql<{
        consultasRed: {
          servicio: { nombre: string };
          consultas: number;
          rechazadas: number;
          inusual: boolean;
        }[];
      }>(
        `{ consultasRed { servicio { nombre } consultas maximoPorMinuto rechazadas inusual } }`,
        {},
        red.token,
      ),
    ).consultasRed;
    const deB = vista.find((v) => v.servicio.nombre === 'Hospital Oeste')!;
    const deA = vista.find((v) => v.servicio.nombre === 'Hospital Norte')!;
    expect(deB).toMatchObject({ consultas: 50, inusual: true });
    expect(deB.rechazadas).toBeGreaterThanOrEqual(5);
    expect(deA).toMatchObject({ consultas: 0, rechazadas: 0, inusual: false });
    // A member's staff cannot read it.
    expect(errorOf(await server.gql(`{ consultasRed { consultas } }`, {}, b.token))?.extensions?.code).toBe(
      'FORBIDDEN',
    );
  });

  it('the budget counts each record once a day, however often it is read, and forgets days gone', async () => {
    const q = (sql: string, params: unknown[]) => server.dataSource.query(sql, params);
    const c = await servicio('Hospital Sur');
    ok(await server.gql(UNIRSE, { codigo: red.codigo }, c.token));
    const otro = await donante(a, '27555001');
    const registrar = (cuando = 'clock_timestamp()') =>
      q(
        `INSERT INTO consulta_red (servicio_id, donante_id, servicio_consultado, donante_consultado, created_at)
         VALUES ($1, $2, $3, $2, ${cuando})`,
        [c.servicio, otro, a.servicio],
      );
    const dias = async () =>
      (
        await q(
          `SELECT ((clock_timestamp() AT TIME ZONE 'America/Argentina/Buenos_Aires')::date - dia) AS hace
             FROM consulta_red_presupuesto WHERE servicio_id = $1 AND donante_consultado = $2 ORDER BY dia`,
          [c.servicio, otro],
        )
      ).map((r: { hace: number }) => r.hace);
    // Read three times today: three rows in the log, one in the budget.
    for (let i = 0; i < 3; i += 1) await registrar();
    const [{ n }] = await q(`SELECT count(*)::int AS n FROM consulta_red WHERE servicio_id = $1`, [
      c.servicio,
    ]);
    expect(n).toBe(3);
    expect(await dias()).toEqual([0]);
    // A day counted three days ago (the servicio read nothing since) goes with the next lookup.
    await q(
      `INSERT INTO consulta_red_presupuesto (servicio_id, dia, donante_consultado, ultima)
       VALUES ($1, (clock_timestamp() AT TIME ZONE 'America/Argentina/Buenos_Aires')::date - 3, $2,
         clock_timestamp() - interval '3 days')`,
      [c.servicio, otro],
    );
    expect(await dias()).toEqual([3, 0]);
    await registrar();
    expect(await dias()).toEqual([0]);
  });

  it("a member's rename reaches the others only once the network approves it (or names it)", async () => {
    const dni = '27999111';
    const enA = await donante(a, dni);
    const enB = await donante(b, dni);
    ok(await crear(a, enA, addDays(HOY, -10)));
    const textoDeB = async () => errorOf(await crear(b, enB, HOY))?.extensions?.errors?.[0].msg;
    const renombrar = (nombre: string) =>
      server.gql(
        `mutation ($input: OpcionesInput!) { updateOpciones(input: $input) { message } }`,
        {
          input: { nombre },
        },
        a.token,
      );
    ok(await renombrar('Hospital Chico (sin diferimiento: puede donar)'));
    expect(await textoDeB()).toContain('consultar con Hospital Norte.');
    // The member itself reads what awaits approval (Opciones says so).
    expect(
      ok(await server.gql(`{ servicio { nombre nombreEnRed nombrePropuesto } }`, {}, a.token)).servicio,
    ).toEqual({
      nombre: 'Hospital Chico (sin diferimiento: puede donar)',
      nombreEnRed: 'Hospital Norte',
      nombrePropuesto: 'Hospital Chico (sin diferimiento: puede donar)',
    });
    const miembros = async () =>
      ok(
        await server.gql<{
          red: { miembros: { id: string; nombre: string; nombrePropuesto: string | null }[] };
        }>(`{ red { miembros { id nombre nombrePropuesto } } }`, {}, red.token),
      ).red.miembros;
    expect((await miembros()).find((m) => m.id === a.servicio)).toEqual({
      id: a.servicio,
      nombre: 'Hospital Norte',
      nombrePropuesto: 'Hospital Chico (sin diferimiento: puede donar)',
    });
    // The network names it itself instead.
    ok(
      await server.gql(
        `mutation ($id: ID!, $nombre: String) { aprobarNombreMiembro(servicioId: $id, nombre: $nombre) { id } }`,
        { id: a.servicio, nombre: 'Hospital Chico' },
        red.token,
      ),
    );
    expect(await textoDeB()).toContain('consultar con Hospital Chico.');
    expect(await textoDeB()).not.toContain('puede donar)');
    // A member cannot approve its own name.
    expect(
      errorOf(
        await server.gql(
          `mutation ($id: ID!) { aprobarNombreMiembro(servicioId: $id) { id } }`,
          { id: a.servicio },
          a.token,
        ),
      )?.extensions?.code,
    ).toBe('FORBIDDEN');
    ok(await renombrar('Hospital Norte Nuevo'));
    ok(
      await server.gql(
        `mutation ($id: ID!) { aprobarNombreMiembro(servicioId: $id) { id } }`,
        { id: a.servicio },
        red.token,
      ),
    );
    expect(await textoDeB()).toContain('consultar con Hospital Norte Nuevo.');
  });
});
