/**
 * Migration 1764400000000 on a copy of the data as it was before it: the saved booleans become
 * screenings (reactive or non-reactive, hepB as HBsAg and anti-HBc, no technique, date or author
 * invented), a donation never saved has no result (not tested); undone, the schema is as before,
 * and applied again the same.
 */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { migrations } from '../../database/migrations';
import { createTestDatabase } from '../../test-utils/harness';

jest.setTimeout(120_000);

it('turns the saved booleans into screenings without inventing tests, and undoes cleanly', async () => {
  const db = await createTestDatabase({ empty: true });
  const ds = new DataSource({ type: 'postgres', url: db.url, entities: [], migrations });
  try {
    await ds.initialize();
    await ds.runMigrations({ transaction: 'each' });
    // Back to just before the results' migration.
    for (;;) {
      const [{ name }] = await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`);
      await ds.undoLastMigration({ transaction: 'each' });
      if (name === 'Resultados1764400000000') break;
    }
    const columnas = async () =>
      (
        await ds.query(
          `SELECT column_name FROM information_schema.columns WHERE table_name = 'donacion' ORDER BY 1`,
        )
      ).map((c: { column_name: string }) => c.column_name);
    const antes = await columnas();
    expect(antes).not.toContain('serologia_realizada');

    const [{ id: servicio }] = await ds.query(
      `INSERT INTO servicio (id, nombre, email) VALUES (gen_random_uuid(), 'S', 's@x.org') RETURNING id::text AS id`,
    );
    const donante = randomUUID();
    await ds.query(
      `INSERT INTO donante (id, servicio_id, nombre, apellido, dni, fecha_nacimiento, sexo, provincia_actual,
         nacionalidad, es_voluntario)
       VALUES ($1, $2, 'Juan', 'Pérez', '30111222', '1990-05-10', 'Masculino', 'Buenos Aires', 'Argentina', 'Si')`,
      [donante, servicio],
    );
    const guardada = randomUUID();
    const nunca = randomUUID();
    await ds.query(
      `INSERT INTO donacion (id, servicio_id, donante_id, numero, fecha, hora, lote_bolsa, serologia)
       VALUES ($1, $3, $4, 1, '2024-05-10', '09:00', 'L',
               '{"hiv":false,"hepB":true,"hepC":false,"vdrl":false,"brucelosis":false,"chagas":true,"htlv":false}'),
              ($2, $3, $4, 2, '2024-09-10', '09:00', 'L', NULL)`,
      [guardada, nunca, servicio, donante],
    );

    await ds.runMigrations({ transaction: 'each' });
    const filas = await ds.query(
      `SELECT donacion_id::text AS donacion, marcador, estado, tecnica, fecha, registrado_por
         FROM resultado ORDER BY marcador`,
    );
    expect(filas.every((f: { donacion: string }) => f.donacion === guardada)).toBe(true);
    expect(
      Object.fromEntries(filas.map((f: { marcador: string; estado: string }) => [f.marcador, f.estado])),
    ).toEqual({
      HIV: 'NO_REACTIVO',
      HBSAG: 'REACTIVO',
      ANTI_HBC: 'REACTIVO',
      HCV: 'NO_REACTIVO',
      HTLV: 'NO_REACTIVO',
      CHAGAS: 'REACTIVO',
      SIFILIS: 'NO_REACTIVO',
      BRUCELOSIS: 'NO_REACTIVO',
    });
    expect(filas.every((f: Record<string, unknown>) => !f.tecnica && !f.fecha && !f.registrado_por)).toBe(
      true,
    );
    const donaciones = await ds.query(
      `SELECT id::text AS id, serologia, serologia_realizada, serologia_confirmada, anticuerpos_irregulares
         FROM donacion ORDER BY numero`,
    );
    expect(donaciones).toEqual([
      {
        id: guardada,
        serologia: expect.objectContaining({ hepB: true, chagas: true, hiv: false }),
        serologia_realizada: ['hiv', 'hepB', 'hepC', 'vdrl', 'brucelosis', 'chagas', 'htlv'],
        serologia_confirmada: false,
        anticuerpos_irregulares: '',
      },
      {
        id: nunca,
        serologia: null,
        serologia_realizada: [],
        serologia_confirmada: false,
        anticuerpos_irregulares: '',
      },
    ]);

    // Undone: the columns and the table are gone, the booleans stay.
    for (;;) {
      const [{ name }] = await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`);
      await ds.undoLastMigration({ transaction: 'each' });
      if (name === 'Resultados1764400000000') break;
    }
    expect(await columnas()).toEqual(antes);
    expect((await ds.query(`SELECT to_regclass('resultado') AS t`))[0].t).toBeNull();
    const [{ serologia }] = await ds.query(`SELECT serologia FROM donacion WHERE id = $1`, [guardada]);
    expect(serologia).toMatchObject({ hepB: true, chagas: true });
    await ds.runMigrations({ transaction: 'each' });
    expect((await ds.query(`SELECT count(*)::int AS n FROM resultado`))[0].n).toBe(8);
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await db.drop();
  }
});
