/**
 * The stock by type and group is read from the ledger stock_diario (migration 1764950000000), the
 * network's figures from the units. Both statements must give the same stock for any units, at any
 * time of day, whatever happened to the units since (releases, dispatches, transfers, discards,
 * expiry changes, a donation typed again, deletions) and whether or not the ledger was compacted,
 * also while changes and compactions run at once.
 */
import { randomUUID } from 'node:crypto';
import { todayIso } from '../../domain/dates';
import { TIPOS_COMPONENTE } from '../../domain/componentes';
import {
  azar,
  registerServicio,
  type Session,
  startTestServer,
  type TestServer,
  ok,
} from '../../test-utils/harness';
import { STOCK_POR_LIBRO, STOCK_POR_UNIDADES } from './stock.service';

jest.setTimeout(120_000);

let server: TestServer;
let a: Session;
let b: Session;
const donaciones: string[] = [];

const query = (sql: string, params: unknown[] = []) =>
  server.dataSource.query(sql, params) as Promise<Record<string, unknown>[]>;

/** The stock of a holder by one statement, with each type's warning days, donors left out. */
async function stockPor(sql: string, ubicacion: string, dias: number[]) {
  const rows = await query(sql, [ubicacion, TIPOS_COMPONENTE, dias]);
  return rows.map((r) => ({
    tipo: r.tipo,
    abo: r.abo,
    rh: r.rh,
    cantidad: Number(r.cantidad),
    porVencer: Number(r.por_vencer),
    proximo: new Date(r.proximo as string).toISOString(),
    dias: Number(r.dias),
  }));
}

/** Warning days to read with: none, one, a week, beyond every unit. */
const AVISOS = [
  [0, 0, 0, 0],
  [1, 3, 1, 2],
  [7, 7, 2, 30],
  [60, 60, 60, 60],
];

async function comparar(contexto: string) {
  for (const ubicacion of [a.servicio, b.servicio])
    for (const dias of AVISOS) {
      // Units expire and come within their warning as time passes (some sit a second from a
      // boundary): the units are read between two equal answers of the ledger, so that no boundary
      // was crossed between the reads compared.
      for (let intento = 0; ; intento += 1) {
        const libro = await stockPor(STOCK_POR_LIBRO, ubicacion, dias);
        const unidades = await stockPor(STOCK_POR_UNIDADES, ubicacion, dias);
        const despues = await stockPor(STOCK_POR_LIBRO, ubicacion, dias);
        if (JSON.stringify(libro) !== JSON.stringify(despues) && intento < 5) continue;
        expect({ contexto, dias, libro }).toEqual({ contexto, dias, libro: unidades });
        break;
      }
    }
}

let serie = 0;
/** Inserts units of the donations with expiries `offsets` (minutes from now, or SQL expressions). */
async function unidades(vences: string[], rnd: () => number): Promise<string[]> {
  const ids: string[] = [];
  for (const vence of vences) {
    serie += 1;
    const id = randomUUID();
    const r = rnd();
    const estado = r < 0.7 ? 'LIBERADO' : r < 0.85 ? 'CUARENTENA' : r < 0.93 ? 'DESPACHADO' : 'DESCARTADO';
    await query(
      `INSERT INTO componente (id, servicio_id, custodia_id, donacion_id, tipo, codigo_producto, codigo, volumen,
         producido_en, vence_en, estado, motivo_descarte)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 250, now(), ${vence}, $8, $9)`,
      [
        id,
        a.servicio,
        rnd() < 0.3 ? b.servicio : null,
        donaciones[Math.floor(rnd() * donaciones.length)],
        TIPOS_COMPONENTE[Math.floor(rnd() * TIPOS_COMPONENTE.length)],
        `P${serie}`,
        `X-LIBRO-${serie}`,
        estado,
        estado === 'DESCARTADO' ? 'OTRO' : null,
      ],
    );
    ids.push(id);
  }
  return ids;
}

/** Expiries around every boundary the ledger's statement has, and spread over two months. */
function vencimientos(rnd: () => number): string[] {
  const utcManana = `(date_trunc('day', now() AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC'`;
  const bordes = [
    `now() + interval '1 minute'`,
    `now() - interval '1 minute'`,
    `${utcManana} - interval '1 second'`,
    utcManana,
    `${utcManana} + interval '1 second'`,
  ];
  for (const d of [1, 2, 3, 7, 30])
    bordes.push(
      `now() + interval '${d} days'`,
      `now() + interval '${d} days' - interval '1 second'`,
      `now() + interval '${d} days' + interval '1 second'`,
      `date_trunc('day', (now() + interval '${d} days') AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    );
  const azarosos = Array.from(
    { length: 160 },
    () => `now() + interval '${Math.floor(rnd() * 50 * 1440) - 180} minutes'`,
  );
  return [...bordes, ...azarosos];
}

beforeAll(async () => {
  server = await startTestServer();
  a = await registerServicio(server);
  b = await registerServicio(server);
  ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100) }`, {}, a.token));
  for (const [k, [abo, rh]] of [
    ['A', 'NEGATIVO'],
    ['O', 'POSITIVO'],
    ['AB', 'POSITIVO'],
  ].entries()) {
    const donanteId = randomUUID();
    await query(
      `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
         nacionalidad, es_voluntario)
       VALUES ($1, $2, 'Ana', 'Libro', $3, '1990-05-10', 'Femenino', 'Buenos Aires', 'Argentina', 'Si')`,
      [donanteId, a.servicio, `5610000${k}`],
    );
    const { createDonacion } = ok(
      await server.gql<{ createDonacion: { id: string } }>(
        `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
        {
          input: {
            donanteId,
            numero: k + 1,
            fecha: todayIso(),
            hora: '09:00',
            tipoBolsa: 'Bolsa Doble',
            loteBolsa: 'L1',
          },
        },
        a.token,
      ),
    );
    await query(`UPDATE donacion SET abo = $2, rh = $3 WHERE id = $1`, [createDonacion.id, abo, rh]);
    donaciones.push(createDonacion.id);
  }
});
afterAll(() => server.close());

it('the ledger and the units give the same stock through every change, compacted or not', async () => {
  const rnd = azar(20261127);
  const ids = await unidades(vencimientos(rnd), rnd);
  await comparar('recién escritas');

  await query(`SELECT stock_compactar($1)`, [a.servicio]);
  await comparar('compactado A');

  // Changes of every kind the units go through.
  const elegir = () => ids[Math.floor(rnd() * ids.length)];
  for (let k = 0; k < 120; k += 1) {
    const id = elegir();
    const r = rnd();
    if (r < 0.2)
      await query(`UPDATE componente SET estado = 'DESPACHADO' WHERE id = $1 AND estado = 'LIBERADO'`, [id]);
    else if (r < 0.35)
      await query(`UPDATE componente SET estado = 'LIBERADO', motivo_descarte = NULL WHERE id = $1`, [id]);
    else if (r < 0.5)
      await query(
        `UPDATE componente SET estado = 'DESCARTADO', motivo_descarte = 'VENCIMIENTO' WHERE id = $1`,
        [id],
      );
    else if (r < 0.65)
      await query(
        `UPDATE componente SET custodia_id = CASE WHEN custodia_id IS NULL THEN $2::uuid END WHERE id = $1`,
        [id, b.servicio],
      );
    else if (r < 0.8)
      await query(`UPDATE componente SET vence_en = vence_en + make_interval(mins => $2) WHERE id = $1`, [
        id,
        Math.floor(rnd() * 4000) - 2000,
      ]);
    else if (r < 0.9)
      await query(`UPDATE componente SET tipo = $2 WHERE id = $1`, [
        id,
        TIPOS_COMPONENTE[Math.floor(rnd() * TIPOS_COMPONENTE.length)],
      ]);
    else await query(`UPDATE componente SET volumen = volumen + 1 WHERE id = $1`, [id]);
  }
  await comparar('tras los cambios');

  // A donation typed again changes its units' group (kept by the trigger of migration 1764930010000).
  await query(`UPDATE donacion SET abo = 'B', rh = 'NEGATIVO' WHERE id = $1`, [donaciones[0]]);
  await comparar('donación retipificada');

  await query(`DELETE FROM componente WHERE id = ANY($1)`, [ids.slice(0, 20)]);
  await comparar('unidades borradas');

  await query(`SELECT stock_compactar(NULL)`);
  await comparar('todo compactado');
  // One entry per key at most once compacted, and none where the units left.
  const [{ repetidas }] = await query(
    `SELECT count(*)::int AS repetidas FROM (
       SELECT 1 FROM stock_diario GROUP BY ubicacion_id, tipo, abo, rh, dia HAVING count(*) > 1 OR sum(cantidad) = 0) x`,
  );
  expect(repetidas).toBe(0);

  // Changes and compactions at once: nothing lost nor counted twice.
  const liberadas = ids.slice(20, 80);
  await Promise.all([
    ...liberadas.map((id, k) =>
      server.dataSource.transaction(async (m) => {
        await m.query(`UPDATE componente SET estado = $2, motivo_descarte = $3 WHERE id = $1`, [
          id,
          k % 2 ? 'LIBERADO' : 'DESCARTADO',
          k % 2 ? null : 'OTRO',
        ]);
        await m.query(`SELECT pg_sleep(0.01)`);
      }),
    ),
    query(`SELECT stock_compactar(NULL)`),
    query(`SELECT stock_compactar($1)`, [b.servicio]),
    query(`SELECT stock_compactar(NULL)`),
  ]);
  await comparar('cambios y compactación a la vez');
});

it('GraphQL stock reads the ledger: it answers what the units say', async () => {
  const dias = ok(
    await server.gql<{ avisoVencimiento: { tipo: string; dias: number }[] }>(
      `{ avisoVencimiento { tipo dias } }`,
      {},
      a.token,
    ),
  ).avisoVencimiento.map((x) => x.dias);
  const porGraphql = async () =>
    ok(
      await server.gql<{
        stock: { tipo: string; abo: string; rh: string; cantidad: number; porVencer: number }[];
      }>(`{ stock { tipo abo rh cantidad porVencer } }`, {}, a.token),
    ).stock;
  // Units expire (and come within their warning) as time passes: the units are read between two
  // equal answers, so that no boundary was crossed between the reads compared.
  for (let intento = 0; ; intento += 1) {
    const antes = await porGraphql();
    const unidades = (await stockPor(STOCK_POR_UNIDADES, a.servicio, dias)).map((u) => ({
      tipo: u.tipo,
      abo: u.abo,
      rh: u.rh,
      cantidad: u.cantidad,
      porVencer: u.porVencer,
    }));
    const despues = await porGraphql();
    if (JSON.stringify(antes) !== JSON.stringify(despues) && intento < 5) continue;
    expect(unidades.length).toBeGreaterThan(0);
    expect(antes).toEqual(unidades);
    break;
  }
});

it("the units list's total is the stock's count, for every filter, and its page is nearest expiry first", async () => {
  const filtros: { tipo?: string; abo?: string; rh?: string; porVencer?: boolean }[] = [
    {},
    { tipo: 'GLOBULOS_ROJOS' },
    { abo: 'o', rh: 'positivo' },
    { tipo: 'PLAQUETAS', abo: 'AB' },
    { porVencer: true },
    { tipo: 'GLOBULOS_ROJOS', porVencer: true },
  ];
  const dias = new Map(
    ok(
      await server.gql<{ avisoVencimiento: { tipo: string; dias: number }[] }>(
        `{ avisoVencimiento { tipo dias } }`,
        {},
        a.token,
      ),
    ).avisoVencimiento.map((x) => [x.tipo, x.dias]),
  );
  for (const filtro of filtros) {
    const { unidadesEnStock } = ok(
      await server.gql<{ unidadesEnStock: { total: number; items: { venceEn: string; codigo: string }[] } }>(
        `query ($filtro: FiltroStock) {
           unidadesEnStock(filtro: $filtro, page: { limit: 100 }) { total items { venceEn codigo } }
         }`,
        { filtro },
        a.token,
      ),
    );
    const [{ n }] = await query(
      `SELECT count(*)::int AS n FROM componente c
        WHERE c.ubicacion_id = $1 AND c.estado = 'LIBERADO' AND c.vence_en > now()
          AND ($2::text IS NULL OR c.tipo = $2) AND ($3::text IS NULL OR c.abo = $3) AND ($4::text IS NULL OR c.rh = $4)
          AND (NOT $5 OR c.vence_en <= now() + make_interval(days => ($6::jsonb ->> c.tipo)::int))`,
      [
        a.servicio,
        filtro.tipo ?? null,
        filtro.abo?.toUpperCase() ?? null,
        filtro.rh?.toUpperCase() ?? null,
        filtro.porVencer === true,
        JSON.stringify(Object.fromEntries(dias)),
      ],
    );
    expect({ filtro, total: unidadesEnStock.total }).toEqual({ filtro, total: n });
    expect(unidadesEnStock.items).toHaveLength(Math.min(100, Number(n)));
    const orden = unidadesEnStock.items.map((u) => `${u.venceEn} ${u.codigo}`);
    expect(orden).toEqual([...orden].sort());
  }
});
