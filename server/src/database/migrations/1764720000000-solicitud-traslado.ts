import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A network account's request that one member send units to another (domain/despacho.ts): type,
 * ABO/Rh and how many; the sender accepts (then dispatches them to the member) or declines, with
 * a reason. Figures only: a request names no unit and no donor.
 */
export class SolicitudTraslado1764720000000 implements MigrationInterface {
  name = 'SolicitudTraslado1764720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE solicitud_traslado (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        red_id uuid NOT NULL REFERENCES servicio(id),
        origen_id uuid NOT NULL REFERENCES servicio(id),
        destino_id uuid NOT NULL REFERENCES servicio(id),
        tipo varchar(30) NOT NULL
          CHECK (tipo IN ('GLOBULOS_ROJOS', 'PLASMA_FRESCO_CONGELADO', 'PLAQUETAS', 'CRIOPRECIPITADO')),
        abo varchar(2) NOT NULL CHECK (abo IN ('A', 'B', 'AB', 'O')),
        rh varchar(8) NOT NULL CHECK (rh IN ('POSITIVO', 'NEGATIVO')),
        cantidad integer NOT NULL CHECK (cantidad BETWEEN 1 AND 200),
        estado varchar(10) NOT NULL DEFAULT 'PENDIENTE' CHECK (estado IN ('PENDIENTE', 'ACEPTADA', 'RECHAZADA')),
        motivo varchar(500),
        respondida_por uuid,
        respondida_en timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (origen_id <> destino_id)
      )`);
    await q.query(`CREATE INDEX solicitud_traslado_red_idx ON solicitud_traslado (red_id, created_at DESC)`);
    await q.query(`CREATE INDEX solicitud_traslado_origen_idx ON solicitud_traslado (origen_id, estado)`);
    await q.query(`CREATE INDEX solicitud_traslado_destino_idx ON solicitud_traslado (destino_id, estado)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE solicitud_traslado`);
  }
}
