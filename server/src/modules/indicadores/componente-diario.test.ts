/**
 * The indicators read the components' events from their daily roll-up, componente_diario (migration
 * 1764960000000). For any units and dispatches, whatever happened to them since (releases,
 * discards, dispatches closed and reopened, a new type, deletions), compacted or not, and while
 * changes and compactions run at once, the roll-up must give for every period exactly what a
 * count of the units gives (the statement the indicators sent before it), the stock at the
 * period's end included.
 */
import { randomUUID } from 'node:crypto';
import { addDays, todayIso } from '../../domain/dates';
import { instanteDeExtraccion, TIPOS_COMPONENTE } from '../../domain/componentes';
import {
  azar,
  registerServicio,
  type Session,
  startTestServer,
  type TestServer,
  ok,
} from '../../test-utils/harness';
import { COMPONENTES_SQL } from './indicadores.service';

jest.setTimeout(120_000);

let server: TestServer;
let a: Session;
let b: Session;
const donaciones = new Map<string, string[]>();

const query = (sql: string, params: unknown[] = []) =>
  server.dataSource.query(sql, params) as Promise<Record<string, unknown>[]>;

/** The count of the units: the indicators' statement before the roll-up. */
const POR_UNIDADES = `SELECT servicio_id AS servicio, 'producidos' AS evento, tipo, NULL AS motivo, count(*)::int AS n
    FROM componente WHERE servicio_id = ANY($1::uuid[]) AND producido_en >= $2 AND producido_en < $3
    GROUP BY servicio_id, tipo
  UNION ALL
  SELECT servicio_id, 'liberados', tipo, NULL, count(*)::int
    FROM componente WHERE servicio_id = ANY($1::uuid[]) AND liberado_en >= $2 AND liberado_en < $3
    GROUP BY servicio_id, tipo
  UNION ALL
  SELECT servicio_id, 'descartados', tipo, motivo_descarte, count(*)::int
    FROM componente WHERE servicio_id = ANY($1::uuid[]) AND descartado_en >= $2 AND descartado_en < $3
    GROUP BY servicio_id, tipo, motivo_descarte
  UNION ALL
  SELECT x.servicio_id, 'despachados', c.tipo, x.destino_tipo, count(*)::int
    FROM despacho x JOIN despacho_componente dc ON dc.despacho_id = x.id JOIN componente c ON c.id = dc.componente_id
    WHERE x.servicio_id = ANY($1::uuid[]) AND x.despachado_en >= $2 AND x.despachado_en < $3
    GROUP BY x.servicio_id, c.tipo, x.destino_tipo
  UNION ALL
  SELECT x.servicio_id, CASE dc.estado WHEN 'TRANSFUNDIDO' THEN 'transfundidos' ELSE 'devueltos' END, c.tipo,
      NULL, count(*)::int
    FROM despacho_componente dc JOIN despacho x ON x.id = dc.despacho_id JOIN componente c ON c.id = dc.componente_id
    WHERE dc.cerrado_en >= $2 AND dc.cerrado_en < $3 AND dc.estado IN ('TRANSFUNDIDO', 'DEVUELTO')
      AND x.servicio_id = ANY($1::uuid[])
    GROUP BY 1, 2, 3
  UNION ALL
  SELECT c.servicio_id, 'stockFinal', c.tipo, NULL, count(*)::int
    FROM componente c
    WHERE c.servicio_id = ANY($1::uuid[]) AND c.liberado_en IS NOT NULL AND c.vence_en > $3 AND c.liberado_en < $3
      AND (c.descartado_en IS NULL OR c.descartado_en >= $3)
      AND NOT EXISTS (SELECT 1 FROM despacho_componente dc JOIN despacho x ON x.id = dc.despacho_id
        WHERE dc.componente_id = c.id AND x.despachado_en < $3 AND (dc.estado <> 'DEVUELTO' OR dc.cerrado_en >= $3))
    GROUP BY c.servicio_id, c.tipo`;

/** The days the fixtures fall on: from BASE − 1 to BASE + 6. */
const BASE = addDays(todayIso(), -3);
const DIAS = Array.from({ length: 9 }, (_, k) => addDays(BASE, k - 1));
/** An instant `minutos` after BASE's Argentine midnight. */
const instante = (minutos: number) =>
  new Date(instanteDeExtraccion(BASE, '00:00').getTime() + minutos * 60_000).toISOString();

type Cuenta = Record<string, number>;
const porClave = (rows: Record<string, unknown>[]): Cuenta => {
  const c: Cuenta = {};
  for (const r of rows) {
    if (Number(r.n) === 0) continue;
    c[`${String(r.servicio)} ${String(r.evento)} ${String(r.tipo)} ${String(r.motivo ?? '')}`] = Number(r.n);
  }
  return c;
};

/** Every period between two of the fixtures' days: the roll-up against the count of the units. */
async function comparar(contexto: string) {
  const servicios = [a.servicio, b.servicio];
  let conEventos = 0;
  for (const [i, desde] of DIAS.entries())
    for (const hasta of DIAS.slice(i + 1)) {
      const fin = instanteDeExtraccion(hasta, '00:00');
      const libro = porClave(await query(COMPONENTES_SQL, [servicios, desde, hasta]));
      const unidades = porClave(
        await query(POR_UNIDADES, [servicios, instanteDeExtraccion(desde, '00:00'), fin]),
      );
      expect({ contexto, desde, hasta, libro }).toEqual({ contexto, desde, hasta, libro: unidades });
      if (Object.keys(unidades).length > 0) conEventos += 1;
    }
  // The fixtures put events in most periods: the comparison is not between two empty answers.
  expect(conEventos).toBeGreaterThan(20);
}

let serie = 0;
/** Units of `s` produced at `minutos` (after BASE's midnight), each released, discarded or neither. */
async function unidades(s: Session, minutos: number[], rnd: () => number): Promise<string[]> {
  const ids: string[] = [];
  const deS = donaciones.get(s.servicio)!;
  for (const m of minutos) {
    serie += 1;
    const id = randomUUID();
    const r = rnd();
    const liberado = r < 0.8 ? instante(m + Math.floor(rnd() * 1500)) : null;
    const descartado = r < 0.3 || r > 0.9 ? instante(m + Math.floor(rnd() * 3000)) : null;
    await query(
      `INSERT INTO componente (id, servicio_id, donacion_id, tipo, codigo_producto, codigo, volumen,
         producido_en, vence_en, estado, motivo_descarte, liberado_en, descartado_en)
       VALUES ($1, $2, $3, $4, $5, $6, 250, $7, $12, $8, $9, $10, $11)`,
      [
        id,
        s.servicio,
        deS[Math.floor(rnd() * deS.length)],
        TIPOS_COMPONENTE[Math.floor(rnd() * TIPOS_COMPONENTE.length)],
        `P${serie}`,
        `X-DIA-${serie}`,
        instante(m),
        descartado ? 'DESCARTADO' : liberado ? 'LIBERADO' : 'CUARENTENA',
        descartado ? (rnd() < 0.5 ? 'VENCIMIENTO' : 'BOLSA_ROTA') : null,
        liberado,
        descartado,
        // Expiries within the days compared, on a midnight exactly, or long after.
        r < 0.5
          ? instante(m + Math.floor(rnd() * 4 * 1440))
          : r < 0.6
            ? instante(Math.ceil(m / 1440 + 1) * 1440)
            : instante(m + 40 * 1440),
      ],
    );
    ids.push(id);
  }
  return ids;
}

/** Minutes around every Argentine midnight of the fixtures (one second either side) and spread. */
function minutos(rnd: () => number, n: number): number[] {
  const bordes = [0, 1, 2, 3, 4].flatMap((d) => [d * 1440 - 1 / 60, d * 1440, d * 1440 + 1 / 60]);
  return [...bordes, ...Array.from({ length: n }, () => Math.floor(rnd() * 5 * 1440))];
}

const DESTINOS = ['HOSPITAL', 'SERVICIO_PROPIO', 'MIEMBRO_RED'] as const;
const ESTADOS = ['EN_DESTINO', 'EN_TRANSITO', 'RECIBIDO', 'DEVUELTO', 'TRANSFUNDIDO', 'DESCARTADO'] as const;

/** A dispatch by `s` at `minutos` of `ids`, each line in a random state closed at a random time. */
async function despacho(s: Session, m: number, ids: string[], rnd: () => number): Promise<string> {
  const id = randomUUID();
  const destino = DESTINOS[Math.floor(rnd() * DESTINOS.length)];
  const otro = s.servicio === a.servicio ? b.servicio : a.servicio;
  await query(
    `INSERT INTO despacho (id, servicio_id, destino_tipo, destino_nombre, destino_servicio_id, despachado_por,
       despachado_en)
     VALUES ($1, $2, $3, 'Destino', $4, $5, $6)`,
    [id, s.servicio, destino, destino === 'MIEMBRO_RED' ? otro : null, randomUUID(), instante(m)],
  );
  for (const c of ids) {
    const estado = ESTADOS[Math.floor(rnd() * ESTADOS.length)];
    const cerrado = estado === 'EN_DESTINO' || estado === 'EN_TRANSITO' ? null : instante(m + rnd() * 2000);
    await query(
      `INSERT INTO despacho_componente (despacho_id, componente_id, estado, cerrado_en) VALUES ($1, $2, $3, $4)`,
      [id, c, estado, cerrado],
    );
  }
  return id;
}

beforeAll(async () => {
  server = await startTestServer();
  a = await registerServicio(server);
  b = await registerServicio(server);
  for (const s of [a, b]) {
    ok(await server.gql(`mutation { avanzarContadorEtiquetas(ultimo: 100) }`, {}, s.token));
    const ids: string[] = [];
    for (const k of [1, 2]) {
      const donanteId = randomUUID();
      await query(
        `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
           nacionalidad, es_voluntario)
         VALUES ($1, $2, 'Ana', 'Diario', $3, '1990-05-10', 'Femenino', 'Buenos Aires', 'Argentina', 'Si')`,
        [donanteId, s.servicio, `5620000${k}`],
      );
      const { createDonacion } = ok(
        await server.gql<{ createDonacion: { id: string } }>(
          `mutation ($input: CreateDonacionInput!) { createDonacion(input: $input) { id } }`,
          {
            input: {
              donanteId,
              numero: k,
              fecha: todayIso(),
              hora: '09:00',
              tipoBolsa: 'Bolsa Doble',
              loteBolsa: 'L1',
            },
          },
          s.token,
        ),
      );
      ids.push(createDonacion.id);
    }
    donaciones.set(s.servicio, ids);
  }
});
afterAll(() => server.close());

it('the roll-up and the units give the same figures for every period, through every change', async () => {
  const rnd = azar(20261127);
  const deA = await unidades(a, minutos(rnd, 120), rnd);
  const deB = await unidades(b, minutos(rnd, 40), rnd);
  const elegir = (ids: string[], n: number) =>
    Array.from({ length: n }, () => ids[Math.floor(rnd() * ids.length)]).filter(
      (id, k, all) => all.indexOf(id) === k,
    );
  const despachados: string[] = [];
  for (const m of [0, 1440 - 1 / 60, 1440, 2 * 1440 + 1 / 60, 3000, 4500]) {
    // Some units go out again (returned, or not) on a later dispatch.
    const ids = elegir(deA, 12).filter((id) => !despachados.includes(id) || rnd() < 0.3);
    despachados.push(...ids);
    await despacho(a, m, ids, rnd);
  }
  await despacho(b, 2000, elegir(deB, 10), rnd);
  await comparar('recién escritos');

  await query(`SELECT componente_diario_compactar($1)`, [a.servicio]);
  await comparar('compactado A');

  // Changes of every kind the units and the dispatch lines go through.
  for (let k = 0; k < 80; k += 1) {
    const id = deA[Math.floor(rnd() * deA.length)];
    const r = rnd();
    if (r < 0.15)
      await query(`UPDATE componente SET liberado_en = $2 WHERE id = $1`, [id, instante(rnd() * 5 * 1440)]);
    else if (r < 0.25) await query(`UPDATE componente SET liberado_en = NULL WHERE id = $1`, [id]);
    else if (r < 0.4)
      await query(
        `UPDATE componente SET estado = 'DESCARTADO', motivo_descarte = 'HEMOLIZADO', descartado_en = $2 WHERE id = $1`,
        [id, instante(rnd() * 5 * 1440)],
      );
    else if (r < 0.5)
      await query(`UPDATE componente SET tipo = $2 WHERE id = $1`, [
        id,
        TIPOS_COMPONENTE[Math.floor(rnd() * TIPOS_COMPONENTE.length)],
      ]);
    else if (r < 0.7)
      await query(`UPDATE despacho_componente SET estado = $2, cerrado_en = $3 WHERE componente_id = $1`, [
        id,
        ESTADOS[Math.floor(rnd() * ESTADOS.length)],
        rnd() < 0.2 ? null : instante(rnd() * 5 * 1440),
      ]);
    else if (r < 0.8)
      await query(`UPDATE despacho_componente SET detalle = 'nota' WHERE componente_id = $1`, [id]);
    else if (r < 0.9) await query(`DELETE FROM despacho_componente WHERE componente_id = $1`, [id]);
    else
      await query(
        `UPDATE componente SET volumen = volumen + 1, producido_en = producido_en + interval '7 hours' WHERE id = $1`,
        [id],
      );
  }
  await comparar('tras los cambios');

  // A fate recorded again for another day, the line's state unchanged.
  await query(
    `UPDATE despacho_componente SET cerrado_en = cerrado_en + interval '1 day'
      WHERE cerrado_en IS NOT NULL AND componente_id = ANY($1)`,
    [deA.filter((_, k) => k % 2 === 0)],
  );
  await comparar('cierres movidos');

  await query(
    `DELETE FROM componente c WHERE c.id = ANY($1)
                 AND NOT EXISTS (SELECT 1 FROM despacho_componente dc WHERE dc.componente_id = c.id)`,
    [deA.slice(0, 30)],
  );
  await comparar('unidades borradas');

  await query(`SELECT componente_diario_compactar(NULL)`);
  await comparar('todo compactado');
  const [{ repetidas }] = await query(
    `SELECT count(*)::int AS repetidas FROM (
       SELECT 1 FROM componente_diario WHERE servicio_id = ANY($1)
        GROUP BY servicio_id, dia, evento, tipo, motivo HAVING count(*) > 1 OR sum(cantidad) = 0) x`,
    [[a.servicio, b.servicio]],
  );
  expect(repetidas).toBe(0);

  // Changes and compactions at once: nothing lost nor counted twice.
  await Promise.all([
    ...deA.slice(30, 90).map((id, k) =>
      server.dataSource.transaction(async (m) => {
        await m.query(`UPDATE componente SET liberado_en = $2 WHERE id = $1`, [
          id,
          k % 2 ? null : instante(k * 97),
        ]);
        await m.query(`SELECT pg_sleep(0.01)`);
      }),
    ),
    query(`SELECT componente_diario_compactar(NULL)`),
    query(`SELECT componente_diario_compactar($1)`, [b.servicio]),
    query(`SELECT componente_diario_compactar(NULL)`),
  ]);
  await comparar('cambios y compactaciones a la vez');
});
