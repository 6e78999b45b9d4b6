/**
 * Migration 1764920000000 on data as it was before it: every 'No apto' visit and every donation
 * becomes a visit that ended so (same servicio, donor, date, time and recorder), nothing of them
 * changed; undone, the tables are gone, and applied again the same.
 */
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { migrations } from '../../database/migrations';
import { createTestDatabase } from '../../test-utils/harness';

jest.setTimeout(120_000);

it("turns each 'No apto' and each donation into a visit that ended so, without losing data", async () => {
  const db = await createTestDatabase({ empty: true });
  const ds = new DataSource({ type: 'postgres', url: db.url, entities: [], migrations });
  try {
    await ds.initialize();
    await ds.runMigrations({ transaction: 'each' });
    const undoVisita = async () => {
      for (;;) {
        const [{ name }] = await ds.query(`SELECT name FROM migrations ORDER BY id DESC LIMIT 1`);
        await ds.undoLastMigration({ transaction: 'each' });
        if (name === 'Visita1764920000000') break;
      }
    };
    await undoVisita();
    const tablas = async () =>
      (
        await ds.query(
          `SELECT table_name FROM information_schema.tables
            WHERE table_name IN ('visita', 'visita_respuesta', 'cuestionario_pregunta') ORDER BY 1`,
        )
      ).map((t: { table_name: string }) => t.table_name);
    expect(await tablas()).toEqual([]);

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
    const donacion = randomUUID();
    await ds.query(
      `INSERT INTO donacion (id, servicio_id, donante_id, numero, fecha, hora, lote_bolsa)
       VALUES ($1, $2, $3, 1, '2024-05-10', '09:00', 'L')`,
      [donacion, servicio, donante],
    );
    const noApto = randomUUID();
    await ds.query(
      `INSERT INTO visita_no_apto (id, servicio_id, donante_id, fecha, hora, motivo, hb, diferimiento_dias, definitivo)
       VALUES ($1, $2, $3, '2024-09-10', '08:30', 'Hemoglobina baja', 11.5, 30, false)`,
      [noApto, servicio, donante],
    );
    const fila = (tabla: string) => ds.query(`SELECT * FROM ${tabla} ORDER BY id`);
    const antes = { donacion: await fila('donacion'), noApto: await fila('visita_no_apto') };

    await ds.runMigrations({ transaction: 'each' });
    const visitas = await ds.query(
      `SELECT servicio_id::text AS servicio, donante_id::text AS donante, fecha::text AS fecha,
              to_char(hora, 'HH24:MI') AS hora, estado, donacion_id::text AS donacion, no_apto_id::text AS no_apto
         FROM visita ORDER BY fecha`,
    );
    expect(visitas).toEqual([
      { servicio, donante, fecha: '2024-05-10', hora: '09:00', estado: 'DONACION', donacion, no_apto: null },
      {
        servicio,
        donante,
        fecha: '2024-09-10',
        hora: '08:30',
        estado: 'NO_APTO',
        donacion: null,
        no_apto: noApto,
      },
    ]);
    expect({ donacion: await fila('donacion'), noApto: await fila('visita_no_apto') }).toEqual(antes);

    await undoVisita();
    expect(await tablas()).toEqual([]);
    await ds.runMigrations({ transaction: 'each' });
    expect(await tablas()).toEqual(['cuestionario_pregunta', 'visita', 'visita_respuesta']);
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await db.drop();
  }
});
